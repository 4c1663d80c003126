import { availableParallelism } from 'node:os';
import { checkResult } from './check.ts';
import { type Instance, parseInstance } from './instance.schema.ts';
import { type Allocation, emptyAllocation } from './model/allocation.ts';
import { buildComponentModel, type ComponentModel } from './model/build.ts';
import { respectDominance } from './model/dominance.ts';
import { extractComponent, mergeFlows, surplusOf } from './model/extract.ts';
import { greedyComponent } from './model/greedy.ts';
import { greedyByProject } from './model/greedy-projects.ts';
import { type Component, type PreparedRound, prepareRound } from './model/prepare.ts';
import { dropUnpayableClusters } from './payments.ts';
import type { ClearingResult } from './result.schema.ts';
import { byProjectCreditRequirementPeriod, relativeGap, resultFlows, toResult } from './result.ts';
import { roundedFlowUnits } from './rounding.ts';
import { createExchange } from './solver/exchange.ts';
import { type SolveOutcome, SolverPool } from './solver/pool.ts';
import type { ModelArrays, SolveRequest } from './solver/protocol.ts';
import {
  FINDER,
  LARGE_PART_COLUMNS,
  PROVER,
  SECOND_PROVER,
  SECOND_PROVER_MAX_INTEGERS,
  SMALL_PART,
  type SolverConfig,
} from './solver/settings.ts';

/** Live figures of a clearing run, summed over its components. */
export type ClearingProgress = {
  best: number;
  bound: number;
  gap: number;
  solved: number;
  components: number;
};

/** How to clear. */
export type ClearOptions = {
  /** Wall-clock budget for the whole clear, in seconds (default 60): the solve stops in time for the rest. */
  timeLimitSeconds?: number;
  /** Solver threads (default: the cores, at most 2). */
  threads?: number;
  /** Absolute optimality gap in GBP at which a component counts as solved (default 1). */
  absoluteGap?: number;
  /** Skip the solver and return the greedy allocation (the benchmark's baseline). */
  greedyOnly?: boolean;
  onProgress?: (progress: ClearingProgress) => void;
  /** Solver threads to reuse across rounds; the caller closes them. */
  pool?: SolverPool;
  /** Largest model handed to HiGHS, in nonzeros (default MAX_MODEL_NONZEROS). */
  maxModelNonzeros?: number;
  /**
   * Dominance rows between indivisible requirements (default false: measured without gain on the connected
   * 500x2000 round). They leave the optimum as it is (`src/model/dominance.ts`).
   */
  dominance?: boolean;
};

/** Raised when the engine's own answer fails the independent checker: never returned as a result. */
export class ClearingError extends Error {
  override name = 'ClearingError';
}

/** Largest model handed to HiGHS WebAssembly (it aborts past 2 GB); larger parts keep the greedy answer. */
export const MAX_MODEL_NONZEROS = 1_500_000;

/** A component, its model (null when not solved), and its greedy answer, computed on first use. */
type Part = { component: Component; model: ComponentModel | null; greedy: () => Greedy };
type Greedy = { allocation: Allocation; surplus: number };

/** Clears a round: validates, models, solves, pays, explains and checks. */
export async function clearRound(input: unknown, options: ClearOptions = {}): Promise<ClearingResult> {
  const started = performance.now();
  const instance = parseInstance(input);
  const round = prepareRound(instance);
  const allocation = emptyAllocation(round.projects.length, round.requirements.length);
  const parts = round.components.map((component) =>
    planPart(round, component, {
      greedyOnly: options.greedyOnly === true,
      maxNonzeros: options.maxModelNonzeros ?? MAX_MODEL_NONZEROS,
      dominance: options.dominance ?? false,
    }),
  );
  const limitMs = (options.timeLimitSeconds ?? 60) * 1000;
  const deadline = Date.now() + solveBudgetMs(limitMs, performance.now() - started);
  const solved = await solveParts(round, parts, deadline, options);
  let optimal = true;
  let bound = 0;
  parts.forEach((part, i) => {
    const outcome = solved[i] ?? null;
    const candidate = emptyAllocation(round.projects.length, round.requirements.length);
    if (outcome?.colValue && part.model)
      extractComponent(round, part.component, part.model, outcome.colValue, candidate);
    // The solver's answer stands unless the greedy one beats it by more than the gap it was solved to.
    const tolerance = (options.absoluteGap ?? 1) + (part.model?.tieBreakBudget ?? 0);
    const greedy = part.greedy();
    const useSolver = outcome?.colValue && surplusOf(round, candidate) >= greedy.surplus - tolerance;
    const chosen = useSolver ? candidate : greedy.allocation;
    copyComponent(part.component, chosen, allocation);
    const surplus = surplusOf(round, chosen);
    const isOptimal = outcome?.status === 'Optimal' && useSolver;
    if (!isOptimal) optimal = false;
    bound += Math.max(surplus, outcome?.bound ?? trivialBound(round, part.component));
  });
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
  if (surplusOf(round, traded) < solvedSurplus - (options.absoluteGap ?? 1)) optimal = false;
  const met = new Set(
    round.requirements.flatMap((requirement, r) => ((traded.fill[r] ?? 0) > 0 ? [requirement.id] : [])),
  );
  const result = toResult(
    round,
    traded,
    exact.filter((flow) => met.has(flow.requirement)),
    {
      optimal,
      bound,
      seconds: (performance.now() - started) / 1000,
    },
  );
  const problems = checkResult(instance, result);
  if (problems.length > 0)
    throw new ClearingError(`The clearing failed its own check:\n  ${problems.join('\n  ')}`);
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

function planPart(
  round: PreparedRound,
  component: Component,
  { greedyOnly, maxNonzeros, dominance }: { greedyOnly: boolean; maxNonzeros: number; dominance: boolean },
): Part {
  const model = greedyOnly ? null : buildComponentModel(round, component, { dominance });
  const tooLarge = model !== null && model.indices.length > maxNonzeros;
  // The greedy answer waits until something needs it, so the largest part's solve need not wait for it.
  let greedy: Greedy | null = null;
  const greedyAnswer = () => {
    if (greedy) return greedy;
    // Projects first (each opened where its units earn most), then requirements left over.
    const allocation = emptyAllocation(round.projects.length, round.requirements.length);
    greedyByProject(round, component, allocation);
    greedyComponent(round, component, allocation);
    greedy = { allocation, surplus: surplusOf(round, allocation) };
    return greedy;
  };
  return { component, model: tooLarge ? null : model, greedy: greedyAnswer };
}

async function solveParts(
  round: PreparedRound,
  parts: Part[],
  deadline: number,
  options: ClearOptions,
): Promise<(SolveOutcome | null)[]> {
  const toSolve = parts.map((part, i) => ({ part, i })).filter(({ part }) => part.model !== null);
  if (toSolve.length === 0) return parts.map(() => null);
  // A large part is raced on two threads also when it is the only part: AND groups of a development's needs
  // join a whole round into one.
  const racing = toSolve.some(({ part }) => (part.model?.numCols ?? 0) >= LARGE_PART_COLUMNS) ? 1 : 0;
  const threads = Math.max(
    1,
    Math.min(options.threads ?? Math.min(2, availableParallelism()), toSolve.length + racing),
  );
  const pool = options.pool ?? new SolverPool(threads);
  // Best answers so far: the greedy one where it is known (a part not solved is settled by it).
  const best = parts.map((part) => (part.model === null ? part.greedy().surplus : 0));
  const bounds = parts.map((part) => trivialBound(round, part.component));
  let solvedCount = parts.length - toSolve.length;
  const report = () => {
    const b = best.reduce((x, y) => x + y, 0);
    const u = bounds.reduce((x, y) => x + y, 0);
    options.onProgress?.({
      best: b,
      bound: u,
      gap: relativeGap(b, u),
      solved: solvedCount,
      components: parts.length,
    });
  };
  // Largest first, so the longest solve starts at once and small ones fill the other core.
  toSolve.sort(
    (x, y) => (y.part.model?.indices.length ?? 0) - (x.part.model?.indices.length ?? 0) || x.i - y.i,
  );
  const outcomes: (SolveOutcome | null)[] = parts.map(() => null);
  const solveWith = (
    part: Part,
    i: number,
    config: SolverConfig,
    id: number,
    exchange: SharedArrayBuffer | null = null,
  ) => {
    const model = part.model as ComponentModel;
    // A solve with a start of its own does without the greedy answer (and need not wait for it).
    let start: SolveRequest['warmStart'] = { indices: new Int32Array(0), values: new Float64Array(0) };
    if (config.start === 'none') {
      const greedy = part.greedy();
      best[i] = Math.max(best[i] ?? 0, greedy.surplus);
      start = warmStart(model, greedy.allocation);
    }
    return pool.solve(
      {
        id,
        ...modelArrays(model),
        switches: model.switches,
        timeLimitSeconds: 0,
        absoluteGap: options.absoluteGap ?? 1,
        ...config,
        warmStart: start,
        exchange,
      },
      deadline,
      (progress) => {
        if (progress.best !== null) best[i] = Math.max(best[i] ?? 0, progress.best);
        if (progress.bound !== null) bounds[i] = Math.min(bounds[i] ?? progress.bound, progress.bound);
        report();
      },
    );
  };
  try {
    // Both cores on the largest part: a prover starts on it at once; once the small parts are done, a
    // second prover or a finder joins it. They share solutions; the first to prove optimality stops
    // the other.
    const largestPart = toSolve[0]?.part;
    const race = threads >= 2 && (largestPart?.model?.numCols ?? 0) >= LARGE_PART_COLUMNS;
    const exchange = race && largestPart?.model ? createExchange(largestPart.model.numCols) : null;
    const runs: { i: number; runs: Promise<SolveOutcome>[] }[] = [];
    for (const [n, { part, i }] of toSolve.entries()) {
      const config = (part.model?.numCols ?? 0) >= LARGE_PART_COLUMNS ? PROVER : SMALL_PART;
      runs.push({ i, runs: [solveWith(part, i, config, i * 2, n === 0 ? exchange : null)] });
      // The pool hands a request to its thread in a microtask: let each go before the next part's
      // greedy answer is computed here.
      await Promise.resolve();
    }
    const largest = runs[0];
    if (largest && largestPart && race) {
      const integers = largestPart.model?.integrality.reduce((sum, x) => sum + x, 0) ?? 0;
      const second = integers <= SECOND_PROVER_MAX_INTEGERS ? SECOND_PROVER : FINDER;
      largest.runs.push(solveWith(largestPart, largest.i, second, largest.i * 2 + 1, exchange));
      largest.runs.forEach((run, r) => {
        void run.then((outcome) => {
          if (outcome.status === 'Optimal') pool.cancel(largest.i * 2 + (1 - r));
        });
      });
    }
    await Promise.all(
      runs.map(async ({ i, runs: racing }) => {
        const outcome = mergeOutcomes(await Promise.all(racing));
        outcomes[i] = outcome;
        if (outcome.bound !== null) bounds[i] = outcome.bound;
        if (outcome.objective !== null) best[i] = Math.max(best[i] ?? 0, outcome.objective);
        solvedCount++;
        report();
      }),
    );
  } finally {
    if (!options.pool) await pool.close();
  }
  return outcomes;
}

/** The better of racing solves: a proof wins, else the best solution; the tightest bound holds. */
function mergeOutcomes(outcomes: SolveOutcome[]): SolveOutcome {
  const proven = outcomes.find((o) => o.status === 'Optimal');
  const bestFound = [...outcomes].sort((x, y) => (y.objective ?? -Infinity) - (x.objective ?? -Infinity))[0];
  const chosen = proven ?? bestFound ?? outcomes[0];
  if (!chosen) throw new Error('No solve to merge');
  const bounds = outcomes.flatMap((o) => (o.bound === null ? [] : [o.bound]));
  return { ...chosen, bound: bounds.length > 0 ? Math.min(...bounds) : null };
}

/** What a solver thread needs of a component model; what the columns mean stays here. */
function modelArrays(model: ComponentModel): ModelArrays {
  const { kind, a, b, t, wonColumn, fillColumn, chosenColumn, switches, tieBreakBudget, ...arrays } = model;
  return arrays;
}

/** The greedy answer's integer decisions; HiGHS completes the flows itself. */
function warmStart(model: ComponentModel, greedy: Allocation): { indices: Int32Array; values: Float64Array } {
  const indices: number[] = [];
  const values: number[] = [];
  // The greedy answer may meet a requirement and not one dominating it: swapped, it meets the dominance rows.
  const fill = [...greedy.fill];
  respectDominance(model.dominance, fill);
  for (const [p, col] of model.wonColumn) {
    indices.push(col);
    values.push(greedy.won[p] ? 1 : 0);
  }
  for (const [r, col] of model.fillColumn) {
    indices.push(col);
    values.push(fill[r] ?? 0);
  }
  for (const [r, col] of model.chosenColumn) {
    indices.push(col);
    values.push((fill[r] ?? 0) > 0 ? 1 : 0);
  }
  return { indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

/** Every bid met in full and no offer paid: no allocation of the component can do better. */
function trivialBound(round: PreparedRound, component: Component): number {
  return component.requirements.reduce((sum, r) => sum + (round.requirements[r]?.bid ?? 0), 0);
}

function copyComponent(component: Component, from: Allocation, to: Allocation): void {
  for (const p of component.projects) to.won[p] = from.won[p] ?? false;
  for (const r of component.requirements) to.fill[r] = from.fill[r] ?? 0;
  const inside = new Set(component.requirements);
  for (const flow of from.flows) if (inside.has(flow.requirement)) to.flows.push(flow);
}

/** Re-exported for callers that validate before clearing. */
export type { Instance };
