import {
  CREDIT_TYPE_LABELS,
  type MatchReview,
  MULTIPLIER_BASIS_LABELS,
  type SolverTask,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isRecordId } from '../../platform/actions/ids.ts';
import { OPERATOR_ONLY, operatorOnly } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { csvText } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import type { ListContext } from '../../platform/read/list.ts';
import { sendFile } from '../../platform/send-file.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import type { ClearingProject, ClearingRequirement } from './instance.types.ts';
import { loadRoundRecords } from './match.records.ts';
import { type SolverTaskRow, solverTasks } from './match.tables.ts';
import { decisionOf } from './review.decision.ts';
import { buildReview } from './review.ts';
import { moveRoundOnTaskEnd } from './round-status.ts';
import { CANCELLED_REASON } from './runner.ts';
import { loadMatchRound } from './start-match.ts';
import { cancelSolverTask, latestTaskOfRound } from './tasks.ts';

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

/** The round statuses with a result to review: pending the decision, or decided (accepted or rejected). */
const REVIEWED: readonly string[] = ['Pending', 'Matched', 'Settled', 'Rejected'];

/** The sentence of a review asked of a round without a result. */
const NO_RESULT = 'This round has no matching result to review';

/**
 * The review of a round's latest result (operator only): 401 signed out, 403 for anyone else, 404 for a round that
 * does not exist, 409 when the round has no result (it is not Pending or decided, or its latest task gave none).
 * A decided result carries the decision: who accepted or rejected it, when, and why it was rejected.
 */
export async function reviewOfRound(
  { db, actor, now }: ListContext,
  roundId: unknown,
): Promise<{ review: MatchReview; projects: ClearingProject[]; requirements: ClearingRequirement[] }> {
  if (!operatorOnly(actor).allowed) throw new AppError('forbidden', OPERATOR_ONLY);
  const round = typeof roundId === 'string' ? await roundKind.load(db, roundId) : undefined;
  if (!round) throw notFoundInScope(roundKind.noun);
  const task = await latestTaskOfRound(db, round.id);
  if (!REVIEWED.includes(round.status) || task?.status !== 'Succeeded' || !task.result)
    throw new AppError('invalid_status', NO_RESULT);
  const built = await buildRoundReview(db, round, { ...task, result: task.result }, now);
  built.review.decision = await decisionOf(db, round, task.finishedAt);
  return built;
}

/** The review of a round's task with a result, built from the round's records as they are now. */
export async function buildRoundReview(
  db: Queryable,
  round: MatchReview['round'],
  task: SolverTaskRow & { result: NonNullable<SolverTaskRow['result']> },
  now: Date,
): Promise<{ review: MatchReview; projects: ClearingProject[]; requirements: ClearingRequirement[] }> {
  const matchRound = await loadMatchRound(db, round.id, now);
  const { projects, requirements } = await loadRoundRecords(db, round.id);
  const review = buildReview({
    round: { id: round.id, name: round.name, status: round.status },
    taskId: task.id,
    firstDeliveryYear: matchRound.firstDeliveryYear,
    reservePercent: matchRound.reserve?.percentage ?? 0,
    reserveAppliesTo: matchRound.reserve?.appliesTo ?? null,
    instance: task.instance,
    mapping: task.mapping,
    result: task.result,
    projects,
    requirements,
  });
  return { review, projects, requirements };
}

const ALLOCATION_HEADERS = [
  'Project',
  'Supplier',
  'Requirement',
  'Credit type',
  'Units',
  'Multiplier',
  'Year',
  'Why this multiplier',
  'Units delivered',
];

/**
 * The review's allocations as CSV: which project serves which requirement, units sold (2 decimals), multiplier, year,
 * why the multiplier applies and the units delivered after it.
 */
function allocationsCsv(review: MatchReview): string {
  const suppliers = new Map(review.projects.map((line) => [line.project.id, line.supplier.name]));
  return csvText(
    ALLOCATION_HEADERS,
    review.allocations.map((line) => [
      line.project.name,
      suppliers.get(line.project.id) ?? '',
      line.requirement.name,
      CREDIT_TYPE_LABELS[line.creditType],
      line.units.toFixed(2),
      line.multiplier,
      line.year,
      MULTIPLIER_BASIS_LABELS[line.multiplierBasis],
      line.deliveredUnits.toFixed(2),
    ]),
  );
}

/**
 * `GET /api/match-review?roundId=` (`&format=csv`: its allocations as CSV); the review's unmatched projects and
 * requirements are declared lists (`review.lists.ts`).
 */
export async function registerReviewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/match-review', async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const { roundId } = (request.query ?? {}) as { roundId?: unknown };
    const { review } = await reviewOfRound({ db: deps.db, actor, now: deps.clock() }, roundId);
    if ((request.query as { format?: unknown }).format !== 'csv') return review;
    return sendFile(reply, {
      filename: 'allocations.csv',
      contentType: 'text/csv; charset=utf-8',
      body: allocationsCsv(review),
    });
  });
}
