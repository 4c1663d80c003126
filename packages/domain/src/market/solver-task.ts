import type { MarketRoundStatus } from '../vocab/statuses.ts';

/** How a solver task moves: Queued, Running, then Succeeded, Failed or Cancelled (MARKET.md section 4). */
export const SOLVER_TASK_STATUSES = ['Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled'] as const;
/** One solver task status. */
export type SolverTaskStatus = (typeof SOLVER_TASK_STATUSES)[number];
/** Statuses a solver task does not leave. */
export const SOLVER_TASK_FINAL_STATUSES = [
  'Succeeded',
  'Failed',
  'Cancelled',
] as const satisfies readonly SolverTaskStatus[];

/** The live figures of a running clear: best surplus found, its upper bound, the relative gap, seconds run. */
export interface SolverProgress {
  best: number;
  bound: number;
  gap: number;
  elapsedSeconds: number;
}

/**
 * A solver task as `GET /api/solver/task/{taskId}` answers it (operator only): the round it clears, where it is,
 * its progress against the time limit, and why it failed or was cancelled.
 */
export interface SolverTask {
  id: string;
  self: string;
  round: { id: string; name: string; status: MarketRoundStatus };
  status: SolverTaskStatus;
  progress: SolverProgress | null;
  timeLimitSeconds: number;
  engineVersion: string;
  /** Why it failed or was cancelled; null otherwise. */
  reason: string | null;
  /** The result's status (Optimal or Feasible) once it succeeded; null before. */
  resultStatus: 'Optimal' | 'Feasible' | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The latest solver task of a round as `GET /api/round/{id}` shows it to the operator (`latestTask`), so the round
 * page can show progress against the time limit and offer Cancel (`POST /api/solver/task/{id}/cancel`).
 */
export interface RoundSolverTask {
  id: string;
  /** `/solver/task/{id}`. */
  self: string;
  status: SolverTaskStatus;
  progress: SolverProgress | null;
  timeLimitSeconds: number;
  /** Why it failed or was cancelled; null otherwise. */
  reason: string | null;
  queuedAt: string;
  finishedAt: string | null;
  /** The result came from a winners file (ImportMatch), not the solver. */
  imported?: boolean;
}
