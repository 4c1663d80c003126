import type {
  CreditType,
  CreditVolume,
  MatchAllocationLine,
  MatchReview,
  MatchReviewProject,
  MatchReviewRequirement,
  UnmatchedProject,
  UnmatchedRequirement,
} from '@curlew/domain';
import type { ClearingResult, Instance } from '@curlew/matching';
import { allocationsOf } from './accept.rounding.ts';
import { buildCurves } from './curves.ts';
import type { BuiltInstance, ClearingProject, ClearingRequirement } from './instance.types.ts';
import { namesOf, readableReason } from './reason-names.ts';
import { clustersOf, multiplierOf, projectWonReason, requirementMetReason } from './review.explain.ts';

const pence = (gbp: number) => Math.round(gbp * 100);
const units2 = (x: number) => Math.round(x * 100) / 100;
const units2Down = (x: number) => Math.floor(x * 100 + 1e-6) / 100;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the review is built from: the task's instance, mapping and result, and the round's records. */
interface ReviewInput {
  round: MatchReview['round'];
  taskId: string;
  firstDeliveryYear: number;
  reservePercent: number;
  reserveAppliesTo: 'supply' | 'allDemand' | 'ongoingDemand' | null;
  instance: Instance;
  mapping: Omit<BuiltInstance, 'instance'>;
  result: ClearingResult;
  projects: readonly ClearingProject[];
  requirements: readonly ClearingRequirement[];
}

const fees = (project: ClearingProject | undefined) =>
  project?.costs
    ? project.costs.marketOperator + project.costs.complianceMonitoring + project.costs.performanceMonitoring
    : 0;

const requirementCreditType = (requirement: ClearingRequirement | undefined): CreditType =>
  requirement?.type === 'Buyer' ? (requirement.buyerCredits?.type ?? 'Biodiversity') : 'Biodiversity';

type EngineProject = Instance['projects'][number];
type EngineRequirement = Instance['requirements'][number];
type Ref = { id: string; name: string; self: string };

/** What every part of the review looks up: the records and the engine's entries by id, and their names. */
interface ReviewLookup {
  projectsById: Map<string, ClearingProject>;
  requirementsById: Map<string, ClearingRequirement>;
  engineProjects: Map<string, EngineProject>;
  engineRequirements: Map<string, EngineRequirement>;
  names: Map<string, string>;
  projectRef: (id: string) => Ref;
  requirementRef: (id: string) => Ref;
}

/** What the accepted allocations and reserve add up to, per project, requirement and credit type. */
interface Tally {
  allocations: MatchAllocationLine[];
  sold: Map<string, Map<string, { creditType: CreditType; units: number }>>;
  soldByType: Map<string, Map<CreditType, number>>;
  received: Map<string, number>;
  volumes: Map<CreditType, number>;
  delivered: Map<CreditType, number>;
  buyersOf: Map<string, Set<string>>;
  suppliersOf: Map<string, Set<string>>;
  reserve: Map<CreditType, number>;
  reserveOf: Map<string, Map<CreditType, number>>;
}

const add = <K>(map: Map<K, number>, key: K, units: number) => map.set(key, (map.get(key) ?? 0) + units);
const note = (map: Map<string, Set<string>>, key: string, value: string) =>
  map.set(key, (map.get(key) ?? new Set()).add(value));
const volumeList = (map: Map<CreditType, number>): CreditVolume[] =>
  [...map.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([creditType, units]) => ({ creditType, units: units2(units) }));

/**
 * The review of a result (pure): the headline, every project and requirement of the clearing with what it sells or
 * buys, what it pays or receives (pence) with its share of the surplus, and why it won or lost, the allocations with
 * their multiplier (and why), the units delivered and the year, and what was kept out of the clearing.
 */
export function buildReview(input: ReviewInput): MatchReview {
  const { instance, mapping, result } = input;
  const lookup = reviewLookup(input);
  const tally = tallyAllocations(input, lookup);
  const clusters = clustersOf(instance, result);
  const { lines: projects, feesPence, suppliersSurplus } = projectLines(input, lookup, tally, clusters);
  const { lines: requirements, buyersSurplus } = requirementLines(input, lookup, tally, clusters);
  return {
    round: input.round,
    taskId: input.taskId,
    headline: {
      resultStatus: result.status === 'Optimal' ? 'Optimal' : 'Feasible',
      optimal: result.status === 'Optimal',
      gap: result.gap,
      surplusPence: pence(result.surplus),
      buyerShareOfSurplus: instance.buyerShareOfSurplus ?? 0.5,
      buyersSurplusPence: pence(buyersSurplus),
      suppliersSurplusPence: pence(suppliersSurplus),
      volumes: volumeList(tally.volumes),
      deliveredVolumes: volumeList(tally.delivered),
      feesPence,
      reserve: volumeList(tally.reserve),
    },
    curves: buildCurves({
      instance,
      mapping,
      result,
      nameOf: (id) => lookup.projectsById.get(id)?.name ?? lookup.requirementsById.get(id)?.name ?? id,
      cleared: tally.volumes,
    }),
    projects,
    requirements,
    allocations: tally.allocations,
    notInClearing: mapping.leftOut.map((item) => ({ ...item })),
    decision: null,
  };
}

function reviewLookup(input: ReviewInput): ReviewLookup {
  const projectsById = new Map(input.projects.map((p) => [p.id, p]));
  const requirementsById = new Map(input.requirements.map((r) => [r.id, r]));
  return {
    projectsById,
    requirementsById,
    engineProjects: new Map(input.instance.projects.map((p) => [p.id, p])),
    engineRequirements: new Map(input.instance.requirements.map((r) => [r.id, r])),
    names: namesOf([...input.projects, ...input.requirements]),
    projectRef: (id) => ({ id, name: projectsById.get(id)?.name ?? id, self: `/project/${id}` }),
    requirementRef: (id) => ({ id, name: requirementsById.get(id)?.name ?? id, self: `/requirement/${id}` }),
  };
}

/**
 * The allocations as AcceptMatch writes them, and what they add up to. Every figure is a sum of the parts
 * AcceptMatch writes: each flow rounded once (`allocationsOf`), the reserve held back of each credit-year likewise;
 * so the review, the statement and the registry agree to the hundredth.
 */
function tallyAllocations(input: ReviewInput, lookup: ReviewLookup): Tally {
  const { instance, mapping } = input;
  const tally: Tally = {
    allocations: [],
    sold: new Map(),
    soldByType: new Map(),
    received: new Map(),
    volumes: new Map(),
    delivered: new Map(),
    buyersOf: new Map(),
    suppliersOf: new Map(),
    reserve: new Map(),
    reserveOf: new Map(),
  };
  const written = allocationsOf(
    instance,
    input.result,
    input.reservePercent > 0 && input.reserveAppliesTo !== null
      ? { percentage: input.reservePercent, appliesTo: input.reserveAppliesTo }
      : null,
  );
  for (const { flow, units } of written.allocations) {
    const project = lookup.engineProjects.get(flow.project);
    const credit = project?.credits[flow.credit];
    const requirement = lookup.engineRequirements.get(flow.requirement);
    const target = mapping.requirements[flow.requirement];
    if (!project || !credit || !requirement || !target) continue;
    const serviceId = mapping.credits[flow.project]?.[flow.credit] ?? '';
    const { multiplier, basis } = multiplierOf(instance, project, credit, requirement);
    const deliveredUnits = units2Down(units * multiplier);
    tally.allocations.push({
      project: lookup.projectRef(flow.project),
      serviceId,
      creditType: credit.type,
      requirement: lookup.requirementRef(target.requirementId),
      units,
      multiplier,
      multiplierBasis: basis,
      deliveredUnits,
      year: input.firstDeliveryYear + flow.year,
    });
    const sales = tally.sold.get(flow.project) ?? new Map();
    const sale = sales.get(serviceId) ?? { creditType: credit.type, units: 0 };
    sale.units += units;
    sales.set(serviceId, sale);
    tally.sold.set(flow.project, sales);
    const byType = tally.soldByType.get(flow.project) ?? new Map<CreditType, number>();
    add(byType, credit.type, units);
    tally.soldByType.set(flow.project, byType);
    add(tally.received, target.requirementId, deliveredUnits);
    add(tally.volumes, credit.type, units);
    add(tally.delivered, credit.type, deliveredUnits);
    note(tally.buyersOf, flow.project, target.requirementId);
    note(tally.suppliersOf, target.requirementId, flow.project);
  }
  tallyReserve(written.reserve, lookup, tally);
  tally.allocations.sort(
    (a, b) =>
      byString(a.project.id, b.project.id) ||
      byString(a.serviceId, b.serviceId) ||
      byString(a.requirement.id, b.requirement.id) ||
      a.year - b.year,
  );
  return tally;
}

/** What the reserve holds back, by credit type and by project. */
function tallyReserve(
  reserve: ReturnType<typeof allocationsOf>['reserve'],
  lookup: ReviewLookup,
  tally: Tally,
): void {
  for (const item of reserve) {
    const credit = lookup.engineProjects.get(item.project)?.credits[item.credit];
    if (!credit) continue;
    add(tally.reserve, credit.type, item.units);
    const held = tally.reserveOf.get(item.project) ?? new Map<CreditType, number>();
    add(held, credit.type, item.units);
    tally.reserveOf.set(item.project, held);
  }
}

/** Every project of the clearing: what it sells and receives, and why it won or lost; the fees and its surplus. */
function projectLines(
  input: ReviewInput,
  lookup: ReviewLookup,
  tally: Tally,
  clusters: ReturnType<typeof clustersOf>,
): { lines: MatchReviewProject[]; feesPence: number; suppliersSurplus: number } {
  let feesPence = 0;
  let suppliersSurplus = 0;
  const lines = input.result.projects.map((line): MatchReviewProject => {
    const record = lookup.projectsById.get(line.id);
    const engineProject = lookup.engineProjects.get(line.id);
    const projectFees = fees(record);
    if (line.won) {
      feesPence += pence(projectFees);
      suppliersSurplus += line.receives - (engineProject?.offer ?? 0);
    }
    const offerPence = pence(record?.offer ?? 0);
    const surplusSharePence = line.won ? pence(line.receives) - offerPence - pence(projectFees) : 0;
    return {
      project: lookup.projectRef(line.id),
      supplier: { id: record?.supplier.id ?? '', name: record?.supplier.name ?? '' },
      won: line.won,
      sells: [...(tally.sold.get(line.id) ?? new Map()).entries()]
        .map(([serviceId, sale]) => ({ serviceId, creditType: sale.creditType, units: units2(sale.units) }))
        .sort((a, b) => byString(a.serviceId, b.serviceId)),
      reserve: volumeList(tally.reserveOf.get(line.id) ?? new Map()),
      offerPence,
      feesPence: pence(projectFees),
      surplusSharePence,
      receivesPence: pence(line.receives),
      reason:
        line.won && engineProject
          ? projectWonReason({
              instance: input.instance,
              project: engineProject,
              cluster: clusters.get(line.id),
              sold: tally.soldByType.get(line.id) ?? new Map(),
              buyers: tally.buyersOf.get(line.id)?.size ?? 0,
              offerAndFeesPence: offerPence + pence(projectFees),
              surplusSharePence,
            })
          : (readableReason(line.reason, lookup.names) ?? 'Its offer was higher than any buyer would pay'),
    };
  });
  return { lines: lines.sort((a, b) => byString(a.project.id, b.project.id)), feesPence, suppliersSurplus };
}

/**
 * Every requirement of the clearing: what it receives and pays, and why it was met or not; the buyers' surplus. A
 * requirement with an ongoing-only alternative is one line: the alternative that won, else the mixed one.
 */
function requirementLines(
  input: ReviewInput,
  lookup: ReviewLookup,
  tally: Tally,
  clusters: ReturnType<typeof clustersOf>,
): { lines: MatchReviewRequirement[]; buyersSurplus: number } {
  let buyersSurplus = 0;
  const chosen = new Map<string, { line: ClearingResult['requirements'][number]; ongoingOnly: boolean }>();
  for (const line of input.result.requirements) {
    const target = input.mapping.requirements[line.id];
    if (!target) continue;
    const current = chosen.get(target.requirementId);
    if (
      !current ||
      (line.fill > 0 && current.line.fill === 0) ||
      (!target.ongoingOnly && current.line.fill === 0 && line.fill === 0)
    )
      chosen.set(target.requirementId, { line, ongoingOnly: target.ongoingOnly });
  }
  const lines = [...chosen.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([id, { line, ongoingOnly }]): MatchReviewRequirement => {
      const record = lookup.requirementsById.get(id);
      const bid = lookup.engineRequirements.get(line.id)?.bid ?? 0;
      if (line.fill > 0) buyersSurplus += bid * line.fill - line.pays;
      const partFilled = line.fill > 0 && line.fill < 1 - 1e-9;
      const surplusSharePence =
        line.fill > 0 ? Math.floor(bid * line.fill * 100 + 1e-6) - pence(line.pays) : 0;
      const received = tally.received.get(id) ?? 0;
      return {
        requirement: lookup.requirementRef(id),
        buyer: { id: record?.buyer.id ?? '', name: record?.buyer.name ?? '' },
        creditType: requirementCreditType(record),
        won: line.fill > 0,
        fill: Math.round(line.fill * 1e6) / 1e6,
        partFilled,
        ongoingOnly: line.fill > 0 && ongoingOnly,
        units: units2(received),
        bidPence: pence(bid),
        surplusSharePence,
        paysPence: pence(line.pays),
        reason:
          line.fill === 0
            ? (readableReason(line.reason, lookup.names) ?? 'No offer could meet it at its bid')
            : partFilled
              ? (readableReason(line.reason, lookup.names) ?? 'Only part of it could be met within its bid')
              : requirementMetReason({
                  cluster: clusters.get(line.id),
                  received,
                  suppliers: tally.suppliersOf.get(id)?.size ?? 0,
                  bidPence: pence(bid),
                  surplusSharePence,
                }),
      };
    });
  return { lines, buyersSurplus };
}

/** Projects of the review that lost, then those kept out of the clearing (each with why). */
export function unmatchedProjects(
  review: MatchReview,
  projects: readonly ClearingProject[],
): UnmatchedProject[] {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const supplier = (id: string) => {
    const p = byId.get(id);
    return { id: p?.supplier.id ?? '', name: p?.supplier.name ?? '' };
  };
  const lost = review.projects
    .filter((p) => !p.won)
    .map((p) => ({ project: p.project, supplier: p.supplier, inClearing: true, reason: p.reason ?? '' }));
  const out = review.notInClearing
    .filter((item) => item.kind === 'project')
    .map((item) => ({
      project: { id: item.id, name: item.name, self: `/project/${item.id}` },
      supplier: supplier(item.id),
      inClearing: false,
      reason: item.reason,
    }));
  return [...lost, ...out];
}

/** Requirements of the review that got nothing, then those kept out of the clearing (each with why). */
export function unmatchedRequirements(
  review: MatchReview,
  requirements: readonly ClearingRequirement[],
): UnmatchedRequirement[] {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const lost = review.requirements
    .filter((r) => !r.won)
    .map((r) => ({ requirement: r.requirement, buyer: r.buyer, inClearing: true, reason: r.reason ?? '' }));
  const inReview = new Set(review.requirements.map((r) => r.requirement.id));
  const out = review.notInClearing
    .filter((item) => item.kind === 'requirement' && !inReview.has(item.id))
    .map((item) => {
      const r = byId.get(item.id);
      return {
        requirement: { id: item.id, name: item.name, self: `/requirement/${item.id}` },
        buyer: { id: r?.buyer.id ?? '', name: r?.buyer.name ?? '' },
        inClearing: false,
        reason: item.reason,
      };
    });
  return [...lost, ...out];
}
