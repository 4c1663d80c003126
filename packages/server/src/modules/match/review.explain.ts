import {
  CREDIT_TYPE_LABELS,
  type CreditType,
  formatCredits,
  formatPenceAsGBP,
  type MultiplierBasis,
} from '@curlew/domain';
import {
  type ClearingResult,
  type Instance,
  neighboursOf,
  sellableUnits,
  spatialMultiplier,
} from '@curlew/matching';
import { tradingClusters } from './clusters.ts';

type EngineProject = Instance['projects'][number];
type EngineCredit = EngineProject['credits'][number];
type EngineRequirement = Instance['requirements'][number];

/**
 * The multiplier a flow counts at and why: the engine's own spatial multiplier for biodiversity (same LPA or NCA 1,
 * neighbouring LPA or NCA 0.75, further away 0.5), 1 for nutrients (supply in the requirement's subcatchment).
 */
export function multiplierOf(
  instance: Instance,
  project: EngineProject,
  credit: EngineCredit,
  requirement: EngineRequirement,
): { multiplier: number; basis: MultiplierBasis } {
  if (credit.type !== 'Biodiversity') return { multiplier: 1, basis: 'sameSubcatchment' };
  const multiplier = spatialMultiplier(
    { lpa: project.lpa, nca: project.nca },
    { lpa: requirement.lpa, nca: requirement.nca },
    neighboursOf(instance),
  );
  const same = (a?: string | null, b?: string | null) => a != null && a === b;
  const listed = (
    pairs: readonly (readonly [string, string])[] | undefined,
    a?: string | null,
    b?: string | null,
  ) => a != null && b != null && (pairs ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const basis: MultiplierBasis =
    multiplier === 1
      ? same(project.lpa, requirement.lpa)
        ? 'sameLpa'
        : 'sameNca'
      : multiplier === 0.75
        ? listed(instance.neighbours?.lpa, project.lpa, requirement.lpa)
          ? 'neighbouringLpa'
          : 'neighbouringNca'
        : 'further';
  return { multiplier, basis };
}

/** A trading cluster of a result: the winning projects and met requirements trading directly or through each other. */
interface Cluster {
  projects: string[];
  requirements: string[];
  /** Bids x fill of its requirements, in pence. */
  valuePence: number;
  /** Offers (fees inside) of its projects, in pence. */
  costPence: number;
}

/**
 * The trading clusters of a result, as the engine pays them (CLEARING.md: money stays inside each cluster), keyed by
 * each member's id.
 */
export function clustersOf(instance: Instance, result: ClearingResult): Map<string, Cluster> {
  const won = new Set(result.projects.filter((line) => line.won).map((line) => line.id));
  const filled = new Set(result.requirements.filter((line) => line.fill > 0).map((line) => line.id));
  const find = tradingClusters(
    instance,
    result.flows,
    (id) => won.has(id),
    (id) => filled.has(id),
  );
  const projects = new Map(instance.projects.map((p) => [p.id, p]));
  const requirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const byRoot = new Map<string, Cluster>();
  const clusterOf = (node: string) => {
    const root = find(node);
    const cluster = byRoot.get(root) ?? { projects: [], requirements: [], valuePence: 0, costPence: 0 };
    byRoot.set(root, cluster);
    return cluster;
  };
  const members = new Map<string, Cluster>();
  for (const line of result.projects) {
    if (!line.won) continue;
    const cluster = clusterOf(`p:${line.id}`);
    cluster.projects.push(line.id);
    cluster.costPence += Math.round((projects.get(line.id)?.offer ?? 0) * 100);
    members.set(line.id, cluster);
  }
  for (const line of result.requirements) {
    if (!(line.fill > 0)) continue;
    const cluster = clusterOf(`r:${line.id}`);
    cluster.requirements.push(line.id);
    cluster.valuePence += Math.floor((requirements.get(line.id)?.bid ?? 0) * line.fill * 100 + 1e-6);
    members.set(line.id, cluster);
  }
  return members;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'x of its y Biodiversity units and ...': what a project sells of what it could sell, per credit type. */
function soldOfSellable(
  instance: Instance,
  project: EngineProject,
  sold: ReadonlyMap<CreditType, number>,
): string {
  const sellable = new Map<CreditType, number>();
  for (const credit of project.credits) {
    const periods = credit.type === 'Biodiversity' ? 1 : instance.years;
    let units = 0;
    for (let year = 0; year < periods; year++) units += sellableUnits(credit, year, instance.reservePercent);
    sellable.set(credit.type, (sellable.get(credit.type) ?? 0) + units);
  }
  return [...sold.entries()]
    .map(
      ([type, units]) =>
        `${formatCredits(units)} of its ${formatCredits(sellable.get(type) ?? 0)} ${CREDIT_TYPE_LABELS[type]} units`,
    )
    .join(' and ');
}

/** Why a project won: what it sells, whose bids cover what it asks, and how what it receives splits. */
export function projectWonReason(input: {
  instance: Instance;
  project: EngineProject;
  cluster: Cluster | undefined;
  sold: ReadonlyMap<CreditType, number>;
  buyers: number;
  offerAndFeesPence: number;
  surplusSharePence: number;
}): string {
  const { cluster } = input;
  const sells = `Won: it sells ${soldOfSellable(input.instance, input.project, input.sold)} to ${plural(input.buyers, 'requirement', 'requirements')}`;
  const value = formatPenceAsGBP(cluster?.valuePence ?? 0);
  const cost = formatPenceAsGBP(cluster?.costPence ?? 0);
  const others = (cluster?.projects.length ?? 1) - 1;
  const covers =
    others === 0
      ? `${sells}, whose bids for what they receive (${value}) cover its offer and fees (${cost}).`
      : `${sells}, which trade with ${plural(others, 'other project', 'other projects')} too: the bids of all the requirements trading with these projects (${value}) cover all their offers and fees (${cost}).`;
  return `${covers} It receives its offer and fees (${formatPenceAsGBP(input.offerAndFeesPence)}) plus ${formatPenceAsGBP(input.surplusSharePence)}, its share of the surplus.`;
}

/** Why a requirement was met in full: who supplies it, whose bids cover the supply, and what it pays of its bid. */
export function requirementMetReason(input: {
  cluster: Cluster | undefined;
  received: number;
  suppliers: number;
  bidPence: number;
  surplusSharePence: number;
}): string {
  const { cluster } = input;
  const cost = formatPenceAsGBP(cluster?.costPence ?? 0);
  const others = (cluster?.requirements.length ?? 1) - 1;
  const receives = `Met in full: it receives ${formatCredits(input.received)} units after multipliers from ${plural(input.suppliers, 'project', 'projects')}`;
  const covers =
    others === 0
      ? `${receives}, and its bid (${formatPenceAsGBP(input.bidPence)}) covers their offers and fees (${cost}).`
      : `${receives}, which also ${input.suppliers === 1 ? 'serves' : 'serve'} ${plural(others, 'other requirement', 'other requirements')}, directly or through other projects: all their bids (${formatPenceAsGBP(cluster?.valuePence ?? 0)}) cover all the offers and fees (${cost}).`;
  return `${covers} It pays its bid less ${formatPenceAsGBP(input.surplusSharePence)}, its share of the surplus.`;
}
