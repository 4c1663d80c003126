import type { Allocation } from './model/allocation.ts';
import type { PreparedRound } from './model/prepare.ts';

/**
 * Trading clusters: won projects and met requirements joined by a flow (they trade directly), and
 * hence through shared projects; AND groups keep their members in one cluster.
 */
function tradingClusters(round: PreparedRound, allocation: Allocation): number[][] {
  const P = round.projects.length;
  const parent = Array.from({ length: P + round.requirements.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const up = parent[parent[i] as number] as number;
      parent[i] = up;
      i = up;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (const flow of allocation.flows) union(round.credits[flow.credit]?.project ?? 0, P + flow.requirement);
  const first = new Map<string, number>();
  const link = (key: string, node: number) => {
    const known = first.get(key);
    if (known === undefined) first.set(key, node);
    else union(known, node);
  };
  round.projects.forEach((project, p) => {
    if (allocation.won[p] && project.group?.type === 'AND') link(`p:${project.group.id}`, p);
  });
  round.requirements.forEach((requirement, r) => {
    if ((allocation.fill[r] ?? 0) > 0 && requirement.group?.type === 'AND')
      link(`r:${requirement.group.id}`, P + r);
  });
  const clusters = new Map<number, number[]>();
  const add = (node: number) => {
    const root = find(node);
    clusters.set(root, [...(clusters.get(root) ?? []), node]);
  };
  for (let p = 0; p < P; p++) if (allocation.won[p]) add(p);
  for (let r = 0; r < round.requirements.length; r++) if ((allocation.fill[r] ?? 0) > 0) add(P + r);
  return [...clusters.values()];
}

/**
 * Drops every trading cluster whose bids do not cover its offers, and every cluster without a project.
 * The first can only appear in a solution stopped early; dropping it keeps every rule and raises the
 * surplus, and it is what makes payments individually rational. The second is a requirement whose
 * whole share was a sliver of a unit (flows are listed in hundredths): with no supply listed it is not
 * met, and nobody would receive what it paid.
 */
export function dropUnpayableClusters(round: PreparedRound, allocation: Allocation): void {
  const P = round.projects.length;
  for (const cluster of tradingClusters(round, allocation)) {
    // Judged in whole pence, exactly as the payments are.
    let surplus = 0;
    for (const node of cluster) {
      if (node < P) surplus -= offerPence(round.projects[node]?.offer ?? 0);
      else surplus += valuePence(round.requirements[node - P]?.bid ?? 0, allocation.fill[node - P] ?? 0);
    }
    if (surplus >= 0 && cluster.some((node) => node < P)) continue;
    const dropped = new Set(cluster);
    for (const node of cluster) {
      if (node < P) allocation.won[node] = false;
      else allocation.fill[node - P] = 0;
    }
    allocation.flows = allocation.flows.filter((f) => !dropped.has(P + f.requirement));
  }
}

/** Payments in pence: what each requirement pays and each project receives. */
type Payments = { pays: number[]; receives: number[] };

/**
 * The k-split, cluster by cluster. A cluster's surplus S (its bids x fill less its offers, in
 * pence) goes k to its buyers, in proportion to bid x fill, and 1-k to its projects, in proportion
 * to their offers; buyers pay bid x fill less their share, projects receive offer plus theirs.
 * Money therefore moves only inside a cluster, each cluster balances to the penny, no buyer pays
 * more than bid x fill and no project receives less than its offer.
 */
export function kSplitPayments(round: PreparedRound, allocation: Allocation): Payments {
  const P = round.projects.length;
  const pays = round.requirements.map(() => 0);
  const receives = round.projects.map(() => 0);
  const k = round.instance.buyerShareOfSurplus;
  for (const cluster of tradingClusters(round, allocation)) {
    const buyers = cluster.filter((n) => n >= P).map((n) => n - P);
    const sellers = cluster.filter((n) => n < P);
    const value = buyers.map((r) => valuePence(round.requirements[r]?.bid ?? 0, allocation.fill[r] ?? 0));
    const offers = sellers.map((p) => offerPence(round.projects[p]?.offer ?? 0));
    const surplus = sum(value) - sum(offers);
    if (surplus < 0) throw new Error('A trading cluster runs at a loss; it should have been dropped');
    const buyersShare = Math.round(k * surplus);
    const discounts = apportion(buyersShare, value);
    const bonuses = apportion(surplus - buyersShare, sum(offers) > 0 ? offers : offers.map(() => 1));
    buyers.forEach((r, i) => {
      pays[r] = (value[i] ?? 0) - (discounts[i] ?? 0);
    });
    sellers.forEach((p, i) => {
      receives[p] = (offers[i] ?? 0) + (bonuses[i] ?? 0);
    });
  }
  return { pays, receives };
}

/** A buyer's value in whole pence, rounded down so it never exceeds bid x fill. */
function valuePence(bid: number, fill: number): number {
  return Math.floor(bid * fill * 100 + 1e-6);
}

/** An offer in whole pence, rounded up so a project never receives less than it asked. */
function offerPence(offer: number): number {
  return Math.ceil(offer * 100 - 1e-6);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Splits a whole number of pence in proportion to weights (largest remainder, ties to the first). */
function apportion(total: number, weights: number[]): number[] {
  const weightSum = sum(weights);
  if (weights.length === 0) return [];
  if (weightSum <= 0)
    return apportion(
      total,
      weights.map(() => 1),
    );
  const exact = weights.map((w) => (total * w) / weightSum);
  const shares = exact.map(Math.floor);
  let left = total - sum(shares);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}
