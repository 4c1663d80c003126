import { parentPort, workerData } from 'node:worker_threads';
import type { UserSolutionCallbackEvent } from 'highs';
import { type Incumbent, takeIncumbent } from './exchange.ts';
import type { SolveRequest, SolverMessage } from './protocol.ts';
import { loadHighs } from './runtime.ts';

// One HiGHS runtime per thread; each request gets a fresh model that is disposed afterwards.
const shared: unknown = (workerData as { wasmModule?: unknown } | null)?.wasmModule;
const highs = await loadHighs(shared instanceof WebAssembly.Module ? shared : undefined);
const port = parentPort;
if (!port) throw new Error('The solver runs only as a worker thread');
const post = (message: SolverMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const STATUS = highs.constants.modelStatus;
const PROGRESS_EVERY_MS = 500;
/** The LP-guided start stops its restricted MIP once it is this close (relative gap) to that MIP's bound. */
const RESTRICTED_GAP = 0.005;

type Bounds = { colLower: Float64Array; colUpper: Float64Array; integrality?: Int32Array };

function createModel(request: SolveRequest, bounds: Bounds) {
  return highs.createModel({
    numCols: request.numCols,
    numRows: request.numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: request.colCost,
    colLower: bounds.colLower,
    colUpper: bounds.colUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    rowLower: request.rowLower.map((l) => (Number.isFinite(l) ? l : -highs.infinity)),
    rowUpper: request.rowUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    ...(bounds.integrality ? { integrality: bounds.integrality } : {}),
    matrix: {
      format: 'csr',
      numRows: request.numRows,
      numCols: request.numCols,
      starts: request.starts,
      indices: request.indices,
      values: request.values,
    },
  });
}

/**
 * An LP-guided start: solve the LP relaxation, fix every integer column the LP already sets to 0 or 1,
 * and solve that much smaller MIP for part of the budget. Its answer is feasible for the full model.
 */
function lpGuidedStart(
  request: SolveRequest,
  seconds: number,
): { objective: number; colValue: Float64Array } | null {
  const started = Date.now();
  const relaxation = createModel(request, { colLower: request.colLower, colUpper: request.colUpper });
  let lp: Float64Array;
  try {
    // The relaxation is also the bound reported if the full solve stops early: give it room.
    relaxation.options.set({ output_flag: false, time_limit: Math.max(0.1, seconds * 2) });
    if (relaxation.run().modelStatus !== STATUS.optimal) return null;
    lp = relaxation.getSolution().colValue;
    // The relaxation's optimum bounds every allocation: report it at once.
    post({ type: 'progress', id: request.id, best: null, bound: relaxation.getObjectiveValue(), gap: null });
  } finally {
    relaxation.dispose();
  }
  const colLower = Float64Array.from(request.colLower);
  const colUpper = Float64Array.from(request.colUpper);
  request.integrality.forEach((integer, j) => {
    if (!integer) return;
    const value = lp[j] ?? 0;
    if (value < 1e-6) colUpper[j] = 0;
    else if (value > 1 - 1e-6) colLower[j] = 1;
  });
  const left = seconds - (Date.now() - started) / 1000;
  if (left <= 0.1) return null;
  const restricted = createModel(request, { colLower, colUpper, integrality: request.integrality });
  try {
    restricted.options.set({
      output_flag: false,
      time_limit: left,
      mip_abs_gap: request.absoluteGap,
      mip_rel_gap: 0,
      random_seed: request.randomSeed,
    });
    // Its answer is a start, not a result: once it is within RESTRICTED_GAP of the restricted bound,
    // the rest of the time is better spent on the full model.
    restricted.run({
      [highs.constants.callbackType.mipInterrupt](event) {
        const gap = finite(event.data.mip_gap);
        if (gap !== null && gap <= RESTRICTED_GAP) event.interrupt();
      },
    });
    if (restricted.info.get('primal_solution_status') !== highs.constants.solutionStatus.feasible)
      return null;
    return { objective: restricted.getObjectiveValue(), colValue: restricted.getSolution().colValue };
  } finally {
    restricted.dispose();
  }
}

function solve(request: SolveRequest): void {
  const started = Date.now();
  const start =
    request.lpGuidedShare > 0
      ? lpGuidedStart(
          request,
          Math.min(request.lpGuidedMaxSeconds, request.timeLimitSeconds * request.lpGuidedShare),
        )
      : null;
  if (start)
    post({
      type: 'incumbent',
      id: request.id,
      objective: start.objective,
      colValue: Float64Array.from(start.colValue),
    });
  const remaining = request.timeLimitSeconds - (Date.now() - started) / 1000;
  const model = createModel(request, {
    colLower: request.colLower,
    colUpper: request.colUpper,
    integrality: request.integrality,
  });
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.1, remaining),
      mip_abs_gap: request.absoluteGap,
      mip_rel_gap: 0,
      random_seed: request.randomSeed,
      presolve: request.presolve,
      mip_heuristic_effort: request.heuristicEffort,
      mip_heuristic_run_rins: request.subMipHeuristics,
      mip_heuristic_run_rens: request.subMipHeuristics,
      mip_heuristic_run_root_reduced_cost: request.subMipHeuristics,
    });
    if (start) model.setSolution({ colValue: start.colValue });
    else if (request.warmStart.indices.length > 0) {
      model.setSolution({ indices: request.warmStart.indices, values: request.warmStart.values });
    }
    let lastProgress = 0;
    // The best solution a racing thread has found, offered until HiGHS holds one as good: HiGHS takes
    // it up where it looks for outside solutions (at the start and after each restart).
    const exchange = request.exchange;
    let seen = 0;
    let offered: Incumbent | null = null;
    const adoptShared = (event: UserSolutionCallbackEvent): undefined => {
      const newer = exchange ? takeIncumbent(exchange, seen) : null;
      if (newer) {
        seen = newer.sequence;
        offered = newer;
      }
      const held = finite(event.data.mip_primal_bound) ?? Number.NEGATIVE_INFINITY;
      if (offered && offered.objective > held + request.absoluteGap / 2) event.setSolution(offered.colValue);
      return undefined;
    };
    const hardStop = started + request.timeLimitSeconds * 1000;
    const result = model.run({
      [highs.constants.callbackType.mipImprovingSolution](event) {
        const values = event.data.mip_solution;
        const objective = event.data.objective_function_value;
        if (values && objective !== undefined) {
          post({ type: 'incumbent', id: request.id, objective, colValue: values }, [
            values.buffer as ArrayBuffer,
          ]);
        }
      },
      ...(exchange ? { [highs.constants.callbackType.mipUserSolution]: adoptShared } : {}),
      [highs.constants.callbackType.mipInterrupt](event) {
        const now = Date.now();
        // HiGHS checks its own limit only now and then; this stops it at the same deadline.
        if (now > hardStop) event.interrupt();
        if (now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        post({
          type: 'progress',
          id: request.id,
          best: finite(event.data.mip_primal_bound),
          bound: finite(event.data.mip_dual_bound),
          gap: finite(event.data.mip_gap),
        });
      },
    });
    const code = result.modelStatus;
    const hasSolution = model.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
    const colValue = hasSolution ? model.getSolution().colValue : null;
    const status =
      code === STATUS.optimal
        ? 'Optimal'
        : code === STATUS.infeasible
          ? 'Infeasible'
          : code === STATUS.timeLimit || code === STATUS.interrupted
            ? 'TimeLimit'
            : 'Other';
    const bound = finite(Number(model.info.get('mip_dual_bound')));
    post(
      {
        type: 'done',
        id: request.id,
        status,
        detail: `HiGHS model status ${code}`,
        objective: hasSolution ? model.getObjectiveValue() : null,
        bound,
        colValue,
      },
      colValue ? [colValue.buffer as ArrayBuffer] : [],
    );
  } finally {
    model.dispose();
  }
}

function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) < 1e29 ? value : null;
}

port.on('message', (request: SolveRequest) => {
  try {
    solve(request);
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
post({ type: 'ready' });
