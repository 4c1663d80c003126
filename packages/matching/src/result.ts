import type { Allocation, InternalFlow } from './model/allocation.ts';
import { surplusOf } from './model/extract.ts';
import type { PreparedRound } from './model/prepare.ts';
import { kSplitPayments } from './payments.ts';
import { projectReasons, requirementReasons } from './reasons.ts';
import type { ClearingResult, Flow } from './result.schema.ts';

/** The relative gap between the best answer and the bound. */
export function relativeGap(best: number, bound: number): number {
  return Math.max(0, bound - best) / Math.max(1, Math.abs(bound));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Flows in the RESULT's order: by project, credit, requirement and year (the prepared round's canonical order). */
export function byProjectCreditRequirementPeriod(round: PreparedRound) {
  const order = (flow: InternalFlow) => {
    const credit = round.credits[flow.credit];
    return [credit?.project ?? 0, credit?.index ?? 0, flow.requirement, flow.period];
  };
  return (x: InternalFlow, y: InternalFlow) => {
    const a = order(x);
    const b = order(y);
    return a.reduce((d, v, i) => d || v - (b[i] ?? 0), 0);
  };
}

/** Internal flows as a RESULT lists them, named by ids, in the same order. */
export function resultFlows(round: PreparedRound, flows: readonly InternalFlow[]): Flow[] {
  return flows.map((flow) => {
    const credit = round.credits[flow.credit];
    return {
      project: round.projects[credit?.project ?? 0]?.id ?? '',
      credit: credit?.index ?? 0,
      requirement: round.requirements[flow.requirement]?.id ?? '',
      year: flow.period,
      units: flow.units,
    };
  });
}

/** The RESULT of a cleared allocation: status, surplus and gap, payments, reasons and the rounded flows. */
export function toResult(
  round: PreparedRound,
  allocation: Allocation,
  exactFlows: Flow[],
  meta: { optimal: boolean; bound: number; seconds: number },
): ClearingResult {
  const payments = kSplitPayments(round, allocation);
  const projectWhy = projectReasons(round, allocation);
  const requirementWhy = requirementReasons(round, allocation);
  const surplus = round2(surplusOf(round, allocation));
  const bound = Math.max(surplus, round2(meta.bound));
  return {
    status: meta.optimal ? 'Optimal' : 'Feasible',
    surplus,
    bound,
    gap: Number(relativeGap(surplus, bound).toFixed(6)),
    seconds: Number(meta.seconds.toFixed(3)),
    projects: round.projects.map((project, p) => ({
      id: project.id,
      won: allocation.won[p] === true,
      receives: (payments.receives[p] ?? 0) / 100,
      reason: projectWhy[p] ?? null,
    })),
    requirements: round.requirements.map((requirement, r) => ({
      id: requirement.id,
      fill: allocation.fill[r] ?? 0,
      pays: (payments.pays[r] ?? 0) / 100,
      reason: requirementWhy[r] ?? null,
    })),
    flows: resultFlows(round, allocation.flows),
    exactFlows,
  };
}
