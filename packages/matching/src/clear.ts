import { checkResult } from './check.ts';
import { parseInstance } from './instance.schema.ts';
import { type Allocation, emptyAllocation } from './model/allocation.ts';
import { mergeFlows, surplusOf } from './model/extract.ts';
import { type PreparedRound, prepareRound } from './model/prepare.ts';
import type { ClearOptions } from './options.ts';
import { answerOf, copyComponent, planPart, trivialBound } from './parts.ts';
import { dropUnpayableClusters } from './payments.ts';
import type { ClearingResult } from './result.schema.ts';
import { byProjectCreditRequirementPeriod, resultFlows, toResult } from './result.ts';
import { roundedFlowUnits } from './rounding.ts';
import { solveParts } from './solve-parts.ts';

/** Raised when the engine's own answer fails the independent checker: never returned as a result. */
export class ClearingError extends Error {
  override name = 'ClearingError';
}

/** Largest model handed to HiGHS WebAssembly (it aborts past 2 GB); larger parts keep the greedy answer. */
const MAX_MODEL_NONZEROS = 1_500_000;

/** Clears a round: validates, models, solves, pays, explains and checks. */
export async function clearRound(input: unknown, options: ClearOptions = {}): Promise<ClearingResult> {
  const started = performance.now();
  const instance = parseInstance(input);
  const round = prepareRound(instance);
  const allocation = emptyAllocation(round.projects.length, round.requirements.length);
  const plan = {
    greedyOnly: options.greedyOnly === true,
    maxNonzeros: options.maxModelNonzeros ?? MAX_MODEL_NONZEROS,
    dominance: options.dominance ?? false,
  };
  const parts = round.components.map((component) => planPart(round, component, plan));
  const limitMs = (options.timeLimitSeconds ?? 60) * 1000;
  const deadline = Date.now() + solveBudgetMs(limitMs, performance.now() - started);
  const solved = await solveParts(round, parts, deadline, { ...options, plan });
  let optimal = true;
  let bound = 0;
  parts.forEach((part, i) => {
    const outcome = solved[i] ?? null;
    const answer = answerOf(round, part, outcome, options.absoluteGap ?? 1);
    copyComponent(part.component, answer.allocation, allocation);
    if (!answer.optimal) optimal = false;
    bound += Math.max(answer.surplus, outcome?.bound ?? trivialBound(round, part.component));
  });
  const result = settle(round, allocation, {
    optimal,
    bound,
    absoluteGap: options.absoluteGap ?? 1,
    seconds: (performance.now() - started) / 1000,
  });
  const problems = checkResult(instance, result);
  if (problems.length > 0)
    throw new ClearingError(`The clearing failed its own check:\n  ${problems.join('\n  ')}`);
  return result;
}

/**
 * The RESULT of a solved allocation of a prepared round (`optimal` when every part was proven): its flows
 * rounded to hundredths, what then trades paid and explained. Not yet checked.
 */
export function settle(
  round: PreparedRound,
  allocation: Allocation,
  {
    optimal,
    bound,
    absoluteGap,
    seconds,
  }: { optimal: boolean; bound: number; absoluteGap: number; seconds: number },
): ClearingResult {
  const instance = round.instance;
  let settled = optimal;
  allocation.flows = mergeFlows(allocation.flows).sort(byProjectCreditRequirementPeriod(round));
  const solvedSurplus = surplusOf(round, allocation);
  // What trades is the flows rounded to hundredths: clusters and payments follow them, and a requirement whose
  // every flow rounds to nothing is not met (`dropUnpayableClusters`).
  const exact = resultFlows(round, allocation.flows);
  const fills = new Map(
    round.requirements.map((requirement, r) => [requirement.id, allocation.fill[r] ?? 0]),
  );
  const units = roundedFlowUnits(instance, fills, exact);
  const traded: Allocation = {
    won: allocation.won,
    fill: allocation.fill,
    flows: allocation.flows
      .map((flow, i) => ({ ...flow, units: units[i] ?? 0 }))
      .filter((flow) => flow.units > 0),
  };
  dropUnpayableClusters(round, traded);
  // Dropping a requirement whose share was only slivers costs its value: a proof within the gap no
  // longer holds when that is more than the gap.
  if (surplusOf(round, traded) < solvedSurplus - absoluteGap) settled = false;
  const met = new Set(
    round.requirements.flatMap((requirement, r) => ((traded.fill[r] ?? 0) > 0 ? [requirement.id] : [])),
  );
  const result = toResult(
    round,
    traded,
    exact.filter((flow) => met.has(flow.requirement)),
    { optimal: settled, bound, seconds },
  );
  return result;
}

/**
 * How long the solve may run for the whole clear to end within the time limit, once validating,
 * preparing and building the models took `setupMs`: what comes after the solve (extracting, paying,
 * explaining, checking) takes about as long again, so the solve leaves that much. It keeps at least
 * MIN_SOLVE_SHARE of the limit.
 */
export function solveBudgetMs(limitMs: number, setupMs: number): number {
  return Math.max(limitMs * MIN_SOLVE_SHARE, limitMs - 2 * setupMs);
}

/** The least share of the time limit the solve keeps, however long preparing took. */
const MIN_SOLVE_SHARE = 0.5;
