import type { SolverTask } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isRecordId } from '../../platform/actions/ids.ts';
import { OPERATOR_ONLY, operatorOnly } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { marketRounds } from '../markets/markets.tables.ts';
import { type SolverTaskRow, solverTasks } from './match.tables.ts';
import { moveRoundOnTaskEnd } from './round-status.ts';
import { CANCELLED_REASON } from './runner.ts';
import { cancelSolverTask } from './tasks.ts';

const NOUN = 'solver task';

/** A task with its round's name and status, as the API answers it. */
async function presentTask(db: Queryable, id: string): Promise<SolverTask | undefined> {
  if (!isRecordId(id)) return undefined;
  const [row] = await db
    .select({ task: solverTasks, roundName: marketRounds.name, roundStatus: marketRounds.status })
    .from(solverTasks)
    .innerJoin(marketRounds, eq(marketRounds.id, solverTasks.marketRoundId))
    .where(eq(solverTasks.id, id));
  if (!row) return undefined;
  return toSolverTask(row.task, { id: row.task.marketRoundId, name: row.roundName, status: row.roundStatus });
}

const toSolverTask = (task: SolverTaskRow, round: SolverTask['round']): SolverTask => ({
  id: task.id,
  self: `/solver/task/${task.id}`,
  round,
  status: task.status,
  progress: task.progress,
  timeLimitSeconds: task.timeLimitSeconds,
  engineVersion: task.engineVersion,
  reason: task.reason,
  resultStatus:
    task.result?.status === 'Optimal' || task.result?.status === 'Feasible' ? task.result.status : null,
  queuedAt: task.queuedAt.toISOString(),
  startedAt: task.startedAt?.toISOString() ?? null,
  finishedAt: task.finishedAt?.toISOString() ?? null,
});

/**
 * `GET /api/solver/task/{taskId}`: a solver task's status and progress; `POST /api/solver/task/{taskId}/cancel`
 * stops it (a queued task at once, a running one at its next heartbeat). Operator only: 401 signed out, 403 for
 * anyone else, 404 for a task that does not exist, 409 when it has already ended.
 */
export async function registerMatchRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { taskId: string } }>('/api/solver/task/:taskId', async (request) => {
    const { actor, deps } = await runnerCall(request);
    if (!operatorOnly(actor).allowed) throw new AppError('forbidden', OPERATOR_ONLY);
    const task = await presentTask(deps.db, request.params.taskId);
    if (!task) throw notFoundInScope(NOUN);
    return task;
  });

  app.post<{ Params: { taskId: string } }>('/api/solver/task/:taskId/cancel', async (request) => {
    const { actor, deps } = await runnerCall(request);
    if (!operatorOnly(actor).allowed) throw new AppError('forbidden', OPERATOR_ONLY);
    const { taskId } = request.params;
    if (!(await presentTask(deps.db, taskId))) throw notFoundInScope(NOUN);
    const now = deps.clock();
    const cancelled = await cancelSolverTask(
      deps.db,
      { id: taskId, now, reason: CANCELLED_REASON },
      (tx, task) => moveRoundOnTaskEnd(tx, task, now),
    );
    if (!cancelled) throw new AppError('invalid_status', 'This solver task has already ended');
    return (await presentTask(deps.db, taskId)) as SolverTask;
  });
}
