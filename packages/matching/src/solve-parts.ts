import { availableParallelism } from 'node:os';
import { solveApart } from './apart.ts';
import type { Allocation } from './model/allocation.ts';
import type { ComponentModel } from './model/build.ts';
import { respectDominance } from './model/dominance.ts';
import { type PreparedRound, partsApart } from './model/prepare.ts';
import type { ClearOptions } from './options.ts';
import { type Part, type PlanOptions, trivialBound } from './parts.ts';
import { relativeGap } from './result.ts';
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

/**
 * Solves the parts that have a model on a pool of solver threads, largest first, until `deadline`; the
 * outcome of each part (null when not solved). A large part joined only by AND groups of requirements is
 * first solved apart (`apart.ts`), and that answer starts its joined solve.
 */
export async function solveParts(
  round: PreparedRound,
  parts: Part[],
  deadline: number,
  options: ClearOptions & { plan: PlanOptions },
): Promise<(SolveOutcome | null)[]> {
  const largeFrom = options.largePartColumns ?? LARGE_PART_COLUMNS;
  const toSolve = parts.map((part, i) => ({ part, i })).filter(({ part }) => part.model !== null);
  if (toSolve.length === 0) return parts.map(() => null);
  // A large part is raced on two threads also when it is the only part: AND groups of a development's needs
  // join a whole round into one.
  const racing = toSolve.some(({ part }) => (part.model?.numCols ?? 0) >= largeFrom) ? 1 : 0;
  const threads = Math.max(
    1,
    Math.min(options.threads ?? Math.min(2, availableParallelism()), toSolve.length + racing),
  );
  const pool = options.pool ?? new SolverPool(threads);
  // Best answers so far: the greedy one where it is known (a part not solved is settled by it).
  const best = parts.map((part) => (part.model === null ? part.fallback().surplus : 0));
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
      const known = part.fallback();
      best[i] = Math.max(best[i] ?? 0, known.surplus);
      start = warmStart(model, known.allocation);
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
    const large = (largestPart?.model?.numCols ?? 0) >= largeFrom;
    const race = threads >= 2 && large;
    // Joined by AND groups of requirements, the largest part is first solved apart (`apart.ts`): that
    // answer, when better than the greedy one, starts the second thread and stands if nothing beats it.
    const pieces = options.apart && largestPart && large ? partsApart(round, largestPart.component) : [];
    // Its relaxation, solved at once on a thread of its own, bounds it however little time the joined solve
    // has left after the pieces.
    const relaxation =
      largestPart?.model && pieces.length > 1 ? relax(pool, largestPart.model, deadline) : null;
    const apart =
      largestPart && pieces.length > 1
        ? await solveApart(
            round,
            largestPart,
            (subParts, until) =>
              solveParts(round, subParts, until, { ...options, pool, onProgress: undefined }),
            deadline,
            { ...options.plan, absoluteGap: options.absoluteGap ?? 1 },
            pieces,
          )
        : null;
    if (apart && largestPart && toSolve[0]) {
      if (apart.surplus > largestPart.fallback().surplus) largestPart.fallback = () => apart;
      best[toSolve[0].i] = largestPart.fallback().surplus;
      report();
    }
    const exchange = race && largestPart?.model ? createExchange(largestPart.model.numCols) : null;
    const runs: { i: number; runs: Promise<SolveOutcome>[] }[] = [];
    for (const [n, { part, i }] of toSolve.entries()) {
      const config = (part.model?.numCols ?? 0) >= largeFrom ? PROVER : SMALL_PART;
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
      runs.map(async ({ i, runs: racing }, n) => {
        const outcome = mergeOutcomes(
          n === 0 && relaxation
            ? [...(await Promise.all(racing)), await relaxation]
            : await Promise.all(racing),
        );
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

/**
 * The LP relaxation of a model, solved as a model without integers: its optimum, as the bound of a solve
 * without an answer (the answer is not one of the model's).
 */
async function relax(pool: SolverPool, model: ComponentModel, deadline: number): Promise<SolveOutcome> {
  const outcome = await pool.solve(
    {
      id: -1,
      ...modelArrays(model),
      integrality: new Int32Array(model.numCols),
      switches: model.switches,
      timeLimitSeconds: 0,
      absoluteGap: 0,
      ...SMALL_PART,
      warmStart: { indices: new Int32Array(0), values: new Float64Array(0) },
      exchange: null,
    },
    deadline,
    () => undefined,
  );
  const bound = outcome.status === 'Optimal' ? outcome.objective : null;
  return { status: 'Other', detail: 'The relaxation', objective: null, bound, colValue: null };
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
