import { parentPort } from 'node:worker_threads';
import highsLoader from 'highs';
import type { SolveRequest, SolverMessage } from './protocol.ts';

// One HiGHS runtime per thread; each request gets a fresh model that is disposed afterwards.
const highs = await highsLoader();
const port = parentPort;
if (!port) throw new Error('The solver runs only as a worker thread');
const post = (message: SolverMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const STATUS = highs.constants.modelStatus;
const PROGRESS_EVERY_MS = 500;

function solve(request: SolveRequest): void {
  const model = highs.createModel({
    numCols: request.numCols,
    numRows: request.numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: request.colCost,
    colLower: request.colLower,
    colUpper: request.colUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    rowLower: request.rowLower.map((l) => (Number.isFinite(l) ? l : -highs.infinity)),
    rowUpper: request.rowUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    integrality: request.integrality,
    matrix: {
      format: 'csr',
      numRows: request.numRows,
      numCols: request.numCols,
      starts: request.starts,
      indices: request.indices,
      values: request.values,
    },
  });
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.1, request.timeLimitSeconds),
      mip_abs_gap: request.absoluteGap,
      mip_rel_gap: 0,
      random_seed: 0,
      presolve: request.presolve,
      mip_heuristic_effort: request.heuristicEffort,
    });
    if (request.warmStart.indices.length > 0) {
      model.setSolution({ indices: request.warmStart.indices, values: request.warmStart.values });
    }
    let lastProgress = 0;
    const started = Date.now();
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
      [highs.constants.callbackType.mipLogging](event) {
        const now = Date.now();
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
      [highs.constants.callbackType.mipInterrupt](event) {
        // HiGHS checks its own limit only now and then; this stops it at the same deadline.
        if (Date.now() > hardStop) event.interrupt();
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
