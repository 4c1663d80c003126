import { parentPort, workerData } from 'node:worker_threads';
import type { UserSolutionCallbackEvent } from 'highs';
import { type Incumbent, takeIncumbent } from './exchange.ts';
import type { SolveRequest, SolverMessage } from './protocol.ts';
import { loadHighs } from './runtime.ts';
import { createModel, finite, heuristicOptions, localSearchStart } from './starts.ts';

// One HiGHS runtime per thread; each request gets a fresh model that is disposed afterwards.
const shared: unknown = (workerData as { wasmModule?: unknown } | null)?.wasmModule;
const highs = await loadHighs(shared instanceof WebAssembly.Module ? shared : undefined);
const port = parentPort;
if (!port) throw new Error('The solver runs only as a worker thread');
const post = (message: SolverMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const STATUS = highs.constants.modelStatus;
const PROGRESS_EVERY_MS = 500;

function solve(request: SolveRequest): void {
  const started = Date.now();
  const startSeconds = Math.min(request.startMaxSeconds, request.timeLimitSeconds * request.startShare);
  // The relaxation's optimum bounds every allocation: reported at once.
  const onBound = (bound: number) => post({ type: 'progress', id: request.id, best: null, bound, gap: null });
  const start =
    request.start === 'local-search' && startSeconds > 0
      ? localSearchStart(highs, request, startSeconds, onBound)
      : null;
  if (start)
    post({
      type: 'incumbent',
      id: request.id,
      objective: start.objective,
      colValue: Float64Array.from(start.colValue),
    });
  const remaining = request.timeLimitSeconds - (Date.now() - started) / 1000;
  // Negated, so that HiGHS adopts the racing thread's better answers (`createModel`); every objective
  // read back is negated again.
  const model = createModel(
    highs,
    request,
    { colLower: request.colLower, colUpper: request.colUpper, integrality: request.integrality },
    { negated: true },
  );
  const surplus = (objective: number | undefined) => finite(objective === undefined ? undefined : -objective);
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.1, remaining),
      mip_abs_gap: request.absoluteGap,
      mip_rel_gap: 0,
      random_seed: request.randomSeed,
      presolve: request.presolve,
      ...heuristicOptions(request.heuristicEffort, request.subMipHeuristics),
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
      const held = surplus(event.data.mip_primal_bound) ?? Number.NEGATIVE_INFINITY;
      if (offered && offered.objective > held + request.absoluteGap / 2) event.setSolution(offered.colValue);
      return undefined;
    };
    const hardStop = started + request.timeLimitSeconds * 1000;
    const result = model.run({
      [highs.constants.callbackType.mipImprovingSolution](event) {
        const values = event.data.mip_solution;
        const objective = surplus(event.data.objective_function_value);
        if (values && objective !== null) {
          post({ type: 'incumbent', id: request.id, objective, colValue: values }, [
            values.buffer as ArrayBuffer,
          ]);
        }
      },
      ...(exchange && request.adoptShared
        ? { [highs.constants.callbackType.mipUserSolution]: adoptShared }
        : {}),
      [highs.constants.callbackType.mipInterrupt](event) {
        const now = Date.now();
        // HiGHS checks its own limit only now and then; this stops it at the same deadline.
        if (now > hardStop) event.interrupt();
        if (now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        post({
          type: 'progress',
          id: request.id,
          best: surplus(event.data.mip_primal_bound),
          bound: surplus(event.data.mip_dual_bound),
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
    const bound = surplus(Number(model.info.get('mip_dual_bound')));
    post(
      {
        type: 'done',
        id: request.id,
        status,
        detail: `HiGHS model status ${code}`,
        objective: hasSolution ? -model.getObjectiveValue() : null,
        bound,
        colValue,
      },
      colValue ? [colValue.buffer as ArrayBuffer] : [],
    );
  } finally {
    model.dispose();
  }
}

port.on('message', (request: SolveRequest) => {
  try {
    solve(request);
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
post({ type: 'ready' });
