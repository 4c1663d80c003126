import type { Instance } from '@curlew/matching';
import { tradingClusters } from './clusters.ts';

type Project = Instance['projects'][number];
type Requirement = Instance['requirements'][number];

/** What is wrong with an imported winners file, and the file lines at fault (1 is the header). */
export interface WinnersProblem {
  lines: number[];
  message: string;
}

/** A delivery of an imported winners file: its lines summed per project credit, requirement and year. */
export type Delivery = {
  project: Project;
  credit: number;
  requirement: Requirement;
  year: number;
  units: number;
  multiplier: number;
  lines: number[];
};

/** The file lines of some deliveries, sorted. */
export const linesOf = (flows: readonly Delivery[]): number[] =>
  [...new Set(flows.flatMap((flow) => flow.lines))].sort((a, b) => a - b);

/**
 * Payments in pence, per trading cluster (parties joined by deliveries and winning AND groups): buyers keep k of the
 * cluster's surplus, in proportion to what they buy; sellers receive their offers and the rest, in proportion to
 * their offers. A cluster whose bids do not cover its offers is refused.
 */
export function kSplit(
  instance: Instance,
  flows: readonly Delivery[],
  won: ReadonlySet<string>,
  fills: ReadonlyMap<string, number>,
  problems: WinnersProblem[],
): { pays: Map<string, number>; receives: Map<string, number> } | null {
  const find = tradingClusters(
    instance,
    flows.map((flow) => ({ project: flow.project.id, requirement: flow.requirement.id })),
    (id) => won.has(id),
    (id) => (fills.get(id) ?? 0) > 0,
  );

  const clusters = new Map<
    string,
    { buyers: { id: string; value: number }[]; sellers: { id: string; offer: number }[] }
  >();
  const clusterOf = (node: string) => {
    const root = find(node);
    const entry = clusters.get(root) ?? { buyers: [], sellers: [] };
    clusters.set(root, entry);
    return entry;
  };
  for (const r of instance.requirements) {
    const fill = fills.get(r.id) ?? 0;
    if (fill > 0) clusterOf(`r:${r.id}`).buyers.push({ id: r.id, value: Math.round(r.bid * fill * 100) });
  }
  for (const p of instance.projects)
    if (won.has(p.id)) clusterOf(`p:${p.id}`).sellers.push({ id: p.id, offer: Math.round(p.offer * 100) });

  const pays = new Map<string, number>();
  const receives = new Map<string, number>();
  for (const { buyers, sellers } of clusters.values()) {
    const value = buyers.reduce((sum, b) => sum + b.value, 0);
    const cost = sellers.reduce((sum, s) => sum + s.offer, 0);
    if (value < cost) {
      const ids = new Set(sellers.map((s) => s.id));
      problems.push({
        lines: linesOf(flows.filter((flow) => ids.has(flow.project.id))),
        message: `The bids of ${buyers.map((b) => b.id).join(', ')} (${value / 100} GBP) do not cover the offers of ${sellers.map((s) => s.id).join(', ')} (${cost / 100} GBP)`,
      });
      continue;
    }
    const buyersGain = Math.round(instance.buyerShareOfSurplus * (value - cost));
    const discounts = apportion(
      buyersGain,
      buyers.map((b) => b.value),
    );
    for (const [i, b] of buyers.entries()) pays.set(b.id, b.value - (discounts[i] ?? 0));
    const sellersGain = value - buyersGain - cost;
    const bonuses = apportion(
      sellersGain,
      sellers.map((s) => s.offer),
    );
    for (const [i, s] of sellers.entries()) receives.set(s.id, s.offer + (bonuses[i] ?? 0));
  }
  return problems.length > 0 ? null : { pays, receives };
}

/** Splits whole pence in proportion to the weights (equally when they are all 0), largest remainders first. */
function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const floors = shares.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const byRemainder = shares
    .map((share, i) => ({ i, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}
