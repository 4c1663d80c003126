import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { offerIncumbent } from './exchange.ts';
import type { SolveRequest, SolverMessage } from './protocol.ts';
import { compileHighs } from './runtime.ts';

/** How a solve ended, seen from outside the solver thread. */
export type SolveOutcome = {
  status: 'Optimal' | 'TimeLimit' | 'Infeasible' | 'Crashed' | 'Other';
  detail: string;
  objective: number | null;
  bound: number | null;
  colValue: Float64Array | null;
};

/** Live figures from a running solve. */
type SolveProgress = { best: number | null; bound: number | null; gap: number | null };

type Job = {
  request: SolveRequest;
  deadline: number;
  onProgress: (progress: SolveProgress) => void;
  resolve: (outcome: SolveOutcome) => void;
};

type Slot = {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  incumbent: SolveOutcome | null;
  lastBound: number | null;
};

/** Grace after the deadline before the watchdog terminates a thread that ignored its limit. */
const WATCHDOG_GRACE_MS = 1500;

let compiledHighs: Promise<WebAssembly.Module> | null = null;

/**
 * HiGHS compiled once per process and shared by every solver thread: V8 compiles WebAssembly
 * functions lazily on first use, and a shared module compiles each function once, not once per thread.
 */
function highsModule(): Promise<WebAssembly.Module> {
  compiledHighs ??= compileHighs();
  return compiledHighs;
}

/**
 * The worker file is TypeScript, which each thread loads through tsx's module API; a bundle that holds this
 * file (the server's build) ships the worker compiled beside itself as `solver.worker.js`.
 */
function spawnSolverThread(wasmModule: WebAssembly.Module): Worker {
  // Under tsx the module's URL carries a query (`?tsx-namespace=...`): look at its path only.
  if (!new URL(import.meta.url).pathname.endsWith('.ts')) {
    return new Worker(new URL('./solver.worker.js', import.meta.url), { workerData: { wasmModule } });
  }
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  );
  const entry = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(bootstrap, { eval: true, workerData: { wasmModule } });
}

/** A small pool of HiGHS threads (one per core) with a wall-clock watchdog on every solve. */
export class SolverPool {
  private readonly slots: (Slot | null)[];
  private readonly queue: Job[] = [];
  private closed = false;
  private wasmModule: WebAssembly.Module | null = null;

  /** Creates a pool of `size` solver threads, started on first use. */
  constructor(size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => null);
  }

  /** Solves one model; resolves (never rejects) with the best answer known when it ends or is stopped. */
  solve(
    request: SolveRequest,
    deadline: number,
    onProgress: (p: SolveProgress) => void,
  ): Promise<SolveOutcome> {
    if (this.closed) return Promise.resolve(crashed('The solver pool is closed', null));
    return new Promise((resolve) => {
      this.queue.push({ request, deadline, onProgress, resolve });
      this.dispatch();
    });
  }

  /** Stops a queued or running solve early; a running one resolves with its best solution so far. */
  cancel(id: number): void {
    const queued = this.queue.findIndex((job) => job.request.id === id);
    if (queued >= 0) {
      const [job] = this.queue.splice(queued, 1);
      job?.resolve({ ...crashed('Cancelled before it started', null), status: 'Other' });
      return;
    }
    this.slots.forEach((slot, i) => {
      if (!slot?.job || slot.job.request.id !== id) return;
      this.finish(i, slot, {
        ...(slot.incumbent ?? crashed('', null)),
        bound: slot.lastBound,
        status: 'Other',
        detail: 'Cancelled: another thread finished first',
      });
      this.retire(i, slot);
    });
  }

  /** Terminates every solver thread. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot?.worker.terminate()));
  }

  private dispatch(): void {
    if (!this.wasmModule) {
      highsModule().then(
        (compiled) => {
          this.wasmModule = compiled;
          this.dispatch();
        },
        (error: unknown) => {
          const detail = `HiGHS could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
          for (const job of this.queue.splice(0)) job.resolve(crashed(detail, null));
        },
      );
      return;
    }
    for (let i = 0; i < this.slots.length && this.queue.length > 0; i++) {
      const slot = this.slots[i] ?? this.startSlot(i, this.wasmModule);
      if (slot.job) continue;
      const job = this.queue.shift();
      if (job) this.run(i, slot, job);
    }
  }

  private startSlot(i: number, wasmModule: WebAssembly.Module): Slot {
    const worker = spawnSolverThread(wasmModule);
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const slot: Slot = { worker, ready, job: null, incumbent: null, lastBound: null };
    worker.on('message', (message: SolverMessage) => {
      if (message.type === 'ready') markReady();
      else this.onMessage(i, slot, message);
    });
    worker.on('error', (error) => this.onCrash(i, slot, `Solver thread failed: ${error.message}`));
    worker.on('exit', (code) => this.onCrash(i, slot, `Solver thread stopped (exit code ${code})`));
    this.slots[i] = slot;
    return slot;
  }

  private run(i: number, slot: Slot, job: Job): void {
    slot.job = job;
    slot.incumbent = null;
    slot.lastBound = null;
    const watchdog = setTimeout(
      () => {
        if (slot.job !== job) return;
        this.finish(i, slot, {
          ...(slot.incumbent ?? crashed('', null)),
          bound: slot.lastBound,
          status: 'TimeLimit',
          detail: 'Stopped by the watchdog at the time limit',
        });
        this.retire(i, slot);
      },
      Math.max(0, job.deadline - Date.now()) + WATCHDOG_GRACE_MS,
    );
    watchdog.unref();
    slot.ready.then(() => {
      if (slot.job !== job) return;
      const seconds = Math.max(0.1, (job.deadline - Date.now()) / 1000);
      slot.worker.postMessage({ ...job.request, timeLimitSeconds: seconds });
    });
  }

  private onMessage(i: number, slot: Slot, message: SolverMessage): void {
    const job = slot.job;
    if (!job || !('id' in message) || message.id !== job.request.id) return;
    if (message.type === 'progress') {
      if (message.bound !== null) slot.lastBound = message.bound;
      job.onProgress({ best: message.best, bound: message.bound, gap: message.gap });
    } else if (message.type === 'incumbent') {
      if (job.request.exchange) offerIncumbent(job.request.exchange, message.objective, message.colValue);
      slot.incumbent = {
        status: 'TimeLimit',
        detail: 'Best solution found before the limit',
        objective: message.objective,
        bound: slot.lastBound,
        colValue: message.colValue,
      };
      job.onProgress({ best: message.objective, bound: null, gap: null });
    } else if (message.type === 'done') {
      this.finish(i, slot, {
        status: message.status,
        detail: message.detail,
        objective: message.objective,
        bound: message.bound,
        colValue: message.colValue ?? slot.incumbent?.colValue ?? null,
      });
    } else if (message.type === 'failed') {
      this.finish(i, slot, crashed(message.message, slot.incumbent));
      this.retire(i, slot);
    }
  }

  private onCrash(i: number, slot: Slot, detail: string): void {
    if (this.slots[i] !== slot) return;
    this.slots[i] = null;
    if (slot.job) this.finish(i, slot, crashed(detail, slot.incumbent));
    this.dispatch();
  }

  private finish(_i: number, slot: Slot, outcome: SolveOutcome): void {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    slot.incumbent = null;
    job.resolve(outcome);
    queueMicrotask(() => this.dispatch());
  }

  private retire(i: number, slot: Slot): void {
    if (this.slots[i] === slot) this.slots[i] = null;
    void slot.worker.terminate();
    this.dispatch();
  }
}

function crashed(
  detail: string,
  incumbent: Pick<SolveOutcome, 'objective' | 'colValue'> | null,
): SolveOutcome {
  return {
    status: 'Crashed',
    detail,
    objective: incumbent?.objective ?? null,
    bound: null,
    colValue: incumbent?.colValue ?? null,
  };
}
