import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { SolverProgress } from '@curlew/domain';
import pino from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/connect.ts';
import { CLEAR_WORKER, type ClearMessage, startClearThread } from './clear.thread.ts';
import { instanceProblemReason } from './instance-problem.ts';
import type { SolverTaskRow } from './match.tables.ts';
import { moveRoundOnTaskEnd } from './round-status.ts';
import {
  claimSolverTask,
  finishSolverTask,
  heartbeatSolverTask,
  releaseSolverTask,
  type TaskEnding,
} from './tasks.ts';

/** How a runner claims, keeps and watches its tasks. */
interface SolverRunnerOptions {
  /** Who holds the lease (default: host, process and a random tag). */
  owner?: string;
  /** How long a lease lasts without a heartbeat (default 30 s): a task whose runner died is taken up after it. */
  leaseMs?: number;
  /** How often a running task renews its lease, stores its progress and looks for a cancel (default 2 s). */
  heartbeatMs?: number;
  /** How often an idle runner looks for a task (default 2 s). */
  pollMs?: number;
  /** How long past its time limit a clear may run before the watchdog stops it (default 15 s). */
  graceMs?: number;
  /** The clearing thread's module (default: the engine). */
  worker?: URL;
  /** How many times a task is claimed before it fails: each claim after the first means its process died. */
  maxAttempts?: number;
  /** Where the runner logs its tasks and its failures (default: warnings and errors to standard output). */
  log?: SolverRunnerLog;
  /** Told of every task this runner ended: its status and how long it ran (metrics). */
  onTaskEnded?: (status: string, seconds: number) => void;
}

/** The part of a pino logger the runner writes to. */
export interface SolverRunnerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The reason of a task the watchdog stopped. */
export const overranReason = (seconds: number): string =>
  `The solver ran past its time limit of ${seconds} s and was stopped`;
/** The reason of a task whose process died each time it ran. */
export const diedReason = (times: number): string =>
  `The server process clearing this round stopped ${times} times before the solver answered`;
/** The reason of a task the operator cancelled. */
export const CANCELLED_REASON = 'Cancelled by the operator';

type Outcome = TaskEnding | { status: 'Lost' } | { status: 'Stopped' };

/**
 * Runs solver tasks in worker threads, one at a time per process: claims a task (exactly one process gets each),
 * renews its lease and stores its progress while the engine clears, stops it on cancel or when it overruns its
 * time limit (the watchdog), and ends it, moving the round on in the same transaction.
 */
export class SolverTaskRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly graceMs: number;
  private readonly worker: URL;
  private readonly maxAttempts: number;
  private readonly log: SolverRunnerLog;
  private readonly onTaskEnded: ((status: string, seconds: number) => void) | undefined;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<unknown> | null = null;
  private started = false;
  private stopping = false;
  private stopCurrent: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    options: SolverRunnerOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 2_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.graceMs = options.graceMs ?? 15_000;
    this.worker = options.worker ?? CLEAR_WORKER;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.log = options.log ?? pino({ name: 'solver', level: 'warn' });
    this.onTaskEnded = options.onTaskEnded;
  }

  /** True from start() until stop() is called. */
  get active(): boolean {
    return this.started && !this.stopping;
  }

  /** Starts looking for tasks every `pollMs`. */
  start(): void {
    this.started = true;
    this.stopping = false;
    const tick = () => {
      if (this.stopping) return;
      this.pass = this.runNext()
        .catch((error: unknown) =>
          this.log.error(
            { event: 'solver_pass_failed', owner: this.owner, err: error },
            'running solver tasks failed; the runner looks again at its next poll',
          ),
        )
        .finally(() => {
          this.pass = null;
          if (!this.stopping) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops looking for tasks and stops the one running, giving it back (Queued, no lease) so another process takes
   * it up at once; resolves once the runner is idle.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopCurrent?.();
    await this.pass;
  }

  /** Claims one task and runs it to its end; the ended task, or null when there was none (or it was lost). */
  async runNext(): Promise<SolverTaskRow | null> {
    const task = await claimSolverTask(this.db, this.owner, this.clock(), this.leaseMs);
    if (!task) return null;
    const about = { taskId: task.id, roundId: task.marketRoundId, owner: this.owner };
    const started = performance.now();
    this.log.info({ event: 'solver_task_claimed', ...about, attempt: task.attempts }, 'solver task claimed');
    const { outcome, progress } =
      task.attempts > this.maxAttempts
        ? {
            outcome: { status: 'Failed' as const, reason: diedReason(task.attempts - 1) },
            progress: task.progress,
          }
        : await this.clear(task);
    if (outcome.status === 'Stopped') {
      const given = await releaseSolverTask(this.db, { id: task.id, owner: this.owner });
      this.log.info(
        { event: given ? 'solver_task_released' : 'solver_task_lost', ...about },
        given ? 'solver task given back on shutdown' : 'solver task lease lost before shutdown',
      );
      return null;
    }
    if (outcome.status === 'Lost') {
      this.log.warn(
        { event: 'solver_task_lost', ...about },
        'solver task lease lost; another runner takes it up',
      );
      return null;
    }
    const finished = await finishSolverTask(
      this.db,
      { id: task.id, owner: this.owner, now: this.clock(), ending: outcome, progress },
      (tx, ended) => moveRoundOnTaskEnd(tx, ended, this.clock()),
    );
    if (finished) {
      this.onTaskEnded?.(outcome.status, (performance.now() - started) / 1000);
      const reason = outcome.status === 'Succeeded' ? null : outcome.reason;
      this.log.info(
        { event: 'solver_task_ended', ...about, status: outcome.status, reason },
        'solver task ended',
      );
    } else
      this.log.warn({ event: 'solver_task_lost', ...about }, 'solver task lease lost before it was stored');
    return finished;
  }

  private clear(task: SolverTaskRow): Promise<{ outcome: Outcome; progress: SolverProgress | null }> {
    const started = performance.now();
    const elapsedSeconds = () => Math.round((performance.now() - started) / 100) / 10;
    let progress: SolverProgress | null = null;
    const thread = startClearThread(this.worker, {
      instance: task.instance,
      timeLimitSeconds: task.timeLimitSeconds,
    });
    return new Promise((resolve) => {
      let ended = false;
      const end = (outcome: Outcome) => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(watchdog);
        this.stopCurrent = null;
        thread
          .terminate()
          .catch((error: unknown) =>
            this.log.warn(
              { event: 'solver_thread_not_stopped', taskId: task.id, err: error },
              'the clearing thread could not be stopped',
            ),
          );
        resolve({ outcome, progress: progress ? { ...progress, elapsedSeconds: elapsedSeconds() } : null });
      };
      this.stopCurrent = () => end({ status: 'Stopped' });
      thread.on('message', (message: ClearMessage) => {
        if (message.type === 'progress') {
          progress = {
            best: message.best,
            bound: message.bound,
            gap: message.gap,
            elapsedSeconds: elapsedSeconds(),
          };
        } else if (message.type === 'result') {
          const { result } = message;
          progress = {
            best: result.surplus,
            bound: result.bound,
            gap: result.gap,
            elapsedSeconds: elapsedSeconds(),
          };
          end({ status: 'Succeeded', result });
        } else {
          end({
            status: 'Failed',
            reason:
              instanceProblemReason(task, message.message) ??
              `The solver found no answer: ${firstLine(message.message)}`,
          });
        }
      });
      thread.on('error', (error) => {
        this.log.error(
          { event: 'solver_thread_failed', taskId: task.id, err: error },
          'clearing thread failed',
        );
        end({
          status: 'Failed',
          reason:
            instanceProblemReason(task, error.message) ?? `The solver failed: ${firstLine(error.message)}`,
        });
      });
      thread.on('exit', (code) =>
        end({ status: 'Failed', reason: `The solver stopped without an answer (exit code ${code})` }),
      );
      const watchdog = setTimeout(
        () => end({ status: 'Failed', reason: overranReason(task.timeLimitSeconds) }),
        task.timeLimitSeconds * 1000 + this.graceMs,
      );
      const heartbeat = setInterval(() => {
        const current = progress ? { ...progress, elapsedSeconds: elapsedSeconds() } : null;
        heartbeatSolverTask(this.db, {
          id: task.id,
          owner: this.owner,
          now: this.clock(),
          leaseMs: this.leaseMs,
          progress: current,
        }).then(
          (beat) => {
            if (!beat.held) end({ status: 'Lost' });
            else if (beat.cancelRequested) end({ status: 'Cancelled', reason: CANCELLED_REASON });
          },
          (error: unknown) =>
            this.log.warn(
              { event: 'solver_heartbeat_failed', taskId: task.id, err: error },
              'solver task heartbeat failed; the next one tries again',
            ),
        );
      }, this.heartbeatMs);
    });
  }
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;
