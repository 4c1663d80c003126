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
export interface ReviewInput {
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

/**
 * The review of a result (pure): the headline, every project and requirement of the clearing with what it sells or
 * buys, what it pays or receives (pence) with its share of the surplus, and why it won or lost, the allocations with
 * their multiplier (and why), the units delivered and the year, and what was kept out of the clearing.
 */
export function buildReview(input: ReviewInput): MatchReview {
  const { instance, mapping, result } = input;
  const projectsById = new Map(input.projects.map((p) => [p.id, p]));
  const requirementsById = new Map(input.requirements.map((r) => [r.id, r]));
  const engineProjects = new Map(instance.projects.map((p) => [p.id, p]));
  const engineRequirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const names = namesOf([...input.projects, ...input.requirements]);
  const projectRef = (id: string) => ({ id, name: projectsById.get(id)?.name ?? id, self: `/project/${id}` });
  const requirementRef = (id: string) => ({
    id,
    name: requirementsById.get(id)?.name ?? id,
    self: `/requirement/${id}`,
  });

  const allocations: MatchAllocationLine[] = [];
  const sold = new Map<string, Map<string, { creditType: CreditType; units: number }>>();
  const soldByType = new Map<string, Map<CreditType, number>>();
  const received = new Map<string, number>();
  const volumes = new Map<CreditType, number>();
  const delivered = new Map<CreditType, number>();
  const buyersOf = new Map<string, Set<string>>();
  const suppliersOf = new Map<string, Set<string>>();
  const add = <K>(map: Map<K, number>, key: K, units: number) => map.set(key, (map.get(key) ?? 0) + units);
  const note = (map: Map<string, Set<string>>, key: string, value: string) =>
    map.set(key, (map.get(key) ?? new Set()).add(value));
  // Every figure is a sum of the parts AcceptMatch writes: each flow rounded once (`allocationsOf`), the reserve
  // held back of each credit-year likewise; so the review, the statement and the registry agree to the hundredth.
  const written = allocationsOf(
    instance,
    result,
    input.reservePercent > 0 && input.reserveAppliesTo !== null
      ? { percentage: input.reservePercent, appliesTo: input.reserveAppliesTo }
      : null,
  );
  for (const { flow, units } of written.allocations) {
    const project = engineProjects.get(flow.project);
    const credit = project?.credits[flow.credit];
    const requirement = engineRequirements.get(flow.requirement);
    const target = mapping.requirements[flow.requirement];
    if (!project || !credit || !requirement || !target) continue;
    const serviceId = mapping.credits[flow.project]?.[flow.credit] ?? '';
    const { multiplier, basis } = multiplierOf(instance, project, credit, requirement);
    const deliveredUnits = units2Down(units * multiplier);
    allocations.push({
      project: projectRef(flow.project),
      serviceId,
      creditType: credit.type,
      requirement: requirementRef(target.requirementId),
      units,
      multiplier,
      multiplierBasis: basis,
      deliveredUnits,
      year: input.firstDeliveryYear + flow.year,
    });
    const sales = sold.get(flow.project) ?? new Map();
    const sale = sales.get(serviceId) ?? { creditType: credit.type, units: 0 };
    sale.units += units;
    sales.set(serviceId, sale);
    sold.set(flow.project, sales);
    const byType = soldByType.get(flow.project) ?? new Map<CreditType, number>();
    add(byType, credit.type, units);
    soldByType.set(flow.project, byType);
    add(received, target.requirementId, deliveredUnits);
    add(volumes, credit.type, units);
    add(delivered, credit.type, deliveredUnits);
    note(buyersOf, flow.project, target.requirementId);
    note(suppliersOf, target.requirementId, flow.project);
  }
  const reserve = new Map<CreditType, number>();
  const reserveOf = new Map<string, Map<CreditType, number>>();
  for (const item of written.reserve) {
    const credit = engineProjects.get(item.project)?.credits[item.credit];
    if (!credit) continue;
    add(reserve, credit.type, item.units);
    const held = reserveOf.get(item.project) ?? new Map<CreditType, number>();
    add(held, credit.type, item.units);
    reserveOf.set(item.project, held);
  }
  const clusters = clustersOf(instance, result);
  allocations.sort(
    (a, b) =>
      byString(a.project.id, b.project.id) ||
      byString(a.serviceId, b.serviceId) ||
      byString(a.requirement.id, b.requirement.id) ||
      a.year - b.year,
  );

  const volumeList = (map: Map<CreditType, number>): CreditVolume[] =>
    [...map.entries()]
      .sort(([a], [b]) => byString(a, b))
      .map(([creditType, units]) => ({ creditType, units: units2(units) }));

  let feesPence = 0;
  let suppliersSurplus = 0;
  const projects: MatchReviewProject[] = result.projects.map((line) => {
    const record = projectsById.get(line.id);
    const engineProject = engineProjects.get(line.id);
    const projectFees = fees(record);
    if (line.won) {
      feesPence += pence(projectFees);
      suppliersSurplus += line.receives - (engineProject?.offer ?? 0);
    }
    const offerPence = pence(record?.offer ?? 0);
    const surplusSharePence = line.won ? pence(line.receives) - offerPence - pence(projectFees) : 0;
    return {
      project: projectRef(line.id),
      supplier: { id: record?.supplier.id ?? '', name: record?.supplier.name ?? '' },
      won: line.won,
      sells: [...(sold.get(line.id) ?? new Map()).entries()]
        .map(([serviceId, sale]) => ({ serviceId, creditType: sale.creditType, units: units2(sale.units) }))
        .sort((a, b) => byString(a.serviceId, b.serviceId)),
      reserve: volumeList(reserveOf.get(line.id) ?? new Map()),
      offerPence,
      feesPence: pence(projectFees),
      surplusSharePence,
      receivesPence: pence(line.receives),
      reason:
        line.won && engineProject
          ? projectWonReason({
              instance,
              project: engineProject,
              cluster: clusters.get(line.id),
              sold: soldByType.get(line.id) ?? new Map(),
              buyers: buyersOf.get(line.id)?.size ?? 0,
              offerAndFeesPence: offerPence + pence(projectFees),
              surplusSharePence,
            })
          : (readableReason(line.reason, names) ?? 'Its offer was higher than any buyer would pay'),
    };
  });

  // A requirement with an ongoing-only alternative is one line: the alternative that won, else the mixed one.
  let buyersSurplus = 0;
  const lines = new Map<string, { line: ClearingResult['requirements'][number]; ongoingOnly: boolean }>();
  for (const line of result.requirements) {
    const target = mapping.requirements[line.id];
    if (!target) continue;
    const current = lines.get(target.requirementId);
    if (
      !current ||
      (line.fill > 0 && current.line.fill === 0) ||
      (!target.ongoingOnly && current.line.fill === 0 && line.fill === 0)
    )
      lines.set(target.requirementId, { line, ongoingOnly: target.ongoingOnly });
  }
  const requirements: MatchReviewRequirement[] = [...lines.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([id, { line, ongoingOnly }]) => {
      const record = requirementsById.get(id);
      const bid = engineRequirements.get(line.id)?.bid ?? 0;
      if (line.fill > 0) buyersSurplus += bid * line.fill - line.pays;
      const partFilled = line.fill > 0 && line.fill < 1 - 1e-9;
      const surplusSharePence =
        line.fill > 0 ? Math.floor(bid * line.fill * 100 + 1e-6) - pence(line.pays) : 0;
      return {
        requirement: requirementRef(id),
        buyer: { id: record?.buyer.id ?? '', name: record?.buyer.name ?? '' },
        creditType: requirementCreditType(record),
        won: line.fill > 0,
        fill: Math.round(line.fill * 1e6) / 1e6,
        partFilled,
        ongoingOnly: line.fill > 0 && ongoingOnly,
        units: units2(received.get(id) ?? 0),
        bidPence: pence(bid),
        surplusSharePence,
        paysPence: pence(line.pays),
        reason:
          line.fill === 0
            ? (readableReason(line.reason, names) ?? 'No offer could meet it at its bid')
            : partFilled
              ? (readableReason(line.reason, names) ?? 'Only part of it could be met within its bid')
              : requirementMetReason({
                  cluster: clusters.get(line.id),
                  received: received.get(id) ?? 0,
                  suppliers: suppliersOf.get(id)?.size ?? 0,
                  bidPence: pence(bid),
                  surplusSharePence,
                }),
      };
    });

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
      volumes: volumeList(volumes),
      deliveredVolumes: volumeList(delivered),
      feesPence,
      reserve: volumeList(reserve),
    },
    curves: buildCurves({
      instance,
      mapping,
      result,
      nameOf: (id) => projectsById.get(id)?.name ?? requirementsById.get(id)?.name ?? id,
      cleared: volumes,
    }),
    projects: projects.sort((a, b) => byString(a.project.id, b.project.id)),
    requirements,
    allocations,
    notInClearing: mapping.leftOut.map((item) => ({ ...item })),
    decision: null,
  };
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
