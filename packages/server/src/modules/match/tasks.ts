import type { RoundSolverTask, SolverProgress } from '@curlew/domain';
import { type ClearingResult, ENGINE_VERSION } from '@curlew/matching';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Queryable, Transaction } from '../../platform/db/connect.ts';
import type { BuiltInstance } from './instance.types.ts';
import { type SolverTaskRow, solverTasks } from './match.tables.ts';

/** Stores a queued task clearing `built.instance` for a round. */
export async function enqueueSolverTask(
  db: Queryable,
  input: { roundId: string; built: BuiltInstance; timeLimitSeconds: number; now: Date },
): Promise<SolverTaskRow> {
  return insertTask(db, input.roundId, input.built, {
    engineVersion: ENGINE_VERSION,
    timeLimitSeconds: input.timeLimitSeconds,
    queuedAt: input.now,
  });
}

/** Stores a task of a round clearing `built.instance` (its engine-to-record mapping beside it). */
async function insertTask(
  db: Queryable,
  roundId: string,
  built: BuiltInstance,
  values: Omit<typeof solverTasks.$inferInsert, 'marketRoundId' | 'instance' | 'mapping'>,
): Promise<SolverTaskRow> {
  const { instance, ...mapping } = built;
  const [row] = await db
    .insert(solverTasks)
    .values({ marketRoundId: roundId, instance, mapping, ...values })
    .returning();
  if (!row) throw new Error('No solver task stored');
  return row;
}

/** Narrows a select of solver tasks to the round's newest (the one whose end moves the round). */
const newestOfRound = <Select extends PgSelect>(select: Select, roundId: string) =>
  select
    .where(eq(solverTasks.marketRoundId, roundId))
    .orderBy(desc(solverTasks.queuedAt), desc(solverTasks.id))
    .limit(1);

/** One task by id. */
export async function findSolverTask(db: Queryable, id: string): Promise<SolverTaskRow | undefined> {
  const [row] = await db.select().from(solverTasks).where(eq(solverTasks.id, id));
  return row;
}

/** The round's newest task (the one whose end moves the round), if any. */
export async function latestTaskOfRound(db: Queryable, roundId: string): Promise<SolverTaskRow | undefined> {
  const [row] = await newestOfRound(db.select().from(solverTasks).$dynamic(), roundId);
  return row;
}

/** The round's newest task's status, result and engine-to-record mapping, without reading its instance. */
export async function latestTaskResult(
  db: Queryable,
  roundId: string,
): Promise<Pick<SolverTaskRow, 'status' | 'result' | 'mapping'> | undefined> {
  const [row] = await newestOfRound(
    db
      .select({ status: solverTasks.status, result: solverTasks.result, mapping: solverTasks.mapping })
      .from(solverTasks)
      .$dynamic(),
    roundId,
  );
  return row;
}

/** The round's newest task's status and whether it holds a result, without reading its instance or result. */
export async function latestTaskState(
  db: Queryable,
  roundId: string,
): Promise<{ id: string; status: SolverTaskRow['status']; hasResult: boolean } | undefined> {
  const [row] = await newestOfRound(
    db
      .select({
        id: solverTasks.id,
        status: solverTasks.status,
        hasResult: sql<boolean>`${solverTasks.result} is not null`.mapWith(Boolean),
      })
      .from(solverTasks)
      .$dynamic(),
    roundId,
  );
  return row;
}

/**
 * Claims the oldest task that is queued, or running under a lease that ran out (its process died): locks it
 * with `FOR UPDATE SKIP LOCKED`, so that of several processes exactly one gets it, and marks it Running under
 * `owner`'s lease. Null when there is none.
 */
export async function claimSolverTask(
  db: Database,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<SolverTaskRow | null> {
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: solverTasks.id })
      .from(solverTasks)
      .where(
        or(
          eq(solverTasks.status, 'Queued'),
          and(eq(solverTasks.status, 'Running'), lt(solverTasks.leaseExpiresAt, now)),
        ),
      )
      .orderBy(asc(solverTasks.queuedAt), asc(solverTasks.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return null;
    const [claimed] = await tx
      .update(solverTasks)
      .set({
        status: 'Running',
        leaseOwner: owner,
        leaseExpiresAt: new Date(now.getTime() + leaseMs),
        heartbeatAt: now,
        attempts: sql`${solverTasks.attempts} + 1`,
        startedAt: now,
      })
      .where(eq(solverTasks.id, candidate.id))
      .returning();
    return claimed ?? null;
  });
}

/** What a heartbeat learns: whether the lease is still this runner's, and whether the operator cancelled. */
interface Heartbeat {
  held: boolean;
  cancelRequested: boolean;
}

/** Renews `owner`'s lease on a running task and stores its progress. */
export async function heartbeatSolverTask(
  db: Queryable,
  input: { id: string; owner: string; now: Date; leaseMs: number; progress: SolverProgress | null },
): Promise<Heartbeat> {
  const [row] = await db
    .update(solverTasks)
    .set({
      leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs),
      heartbeatAt: input.now,
      ...(input.progress ? { progress: input.progress } : {}),
    })
    .where(ownedRunning(input.id, input.owner))
    .returning({ cancelRequested: solverTasks.cancelRequested });
  return row ? { held: true, cancelRequested: row.cancelRequested } : { held: false, cancelRequested: false };
}

/**
 * Gives a running task back (its process is shutting down): Queued again without a lease, so another process
 * claims it at once; the attempt is not counted, as the process did not die. False when the lease was not held.
 */
export async function releaseSolverTask(
  db: Queryable,
  input: { id: string; owner: string },
): Promise<boolean> {
  const rows = await db
    .update(solverTasks)
    .set({
      status: 'Queued',
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: sql`greatest(${solverTasks.attempts} - 1, 0)`,
    })
    .where(ownedRunning(input.id, input.owner))
    .returning({ id: solverTasks.id });
  return rows.length > 0;
}

/** How a task ends. */
export type TaskEnding =
  | { status: 'Succeeded'; result: ClearingResult }
  | { status: 'Failed' | 'Cancelled'; reason: string };

/**
 * Ends a running task held by `owner` and, in the same transaction, calls `then` with the ended row (the round
 * moves on there). Returns the ended row, or null when the task is no longer this runner's (its lease ran out and
 * another runner took it up): then nothing changes.
 */
export async function finishSolverTask(
  db: Database,
  input: { id: string; owner: string; now: Date; ending: TaskEnding; progress: SolverProgress | null },
  then: (tx: Transaction, task: SolverTaskRow) => Promise<void>,
): Promise<SolverTaskRow | null> {
  return db.transaction(async (tx) => {
    const { ending } = input;
    const [row] = await tx
      .update(solverTasks)
      .set({
        status: ending.status,
        result: ending.status === 'Succeeded' ? ending.result : null,
        reason: ending.status === 'Succeeded' ? null : ending.reason,
        finishedAt: input.now,
        leaseExpiresAt: null,
        ...(input.progress ? { progress: input.progress } : {}),
      })
      .where(ownedRunning(input.id, input.owner))
      .returning();
    if (!row) return null;
    await then(tx, row);
    return row;
  });
}

/**
 * Asks a task to stop. A queued task is cancelled at once (the row is returned so the round can move on in `then`);
 * a running one is flagged, and its runner stops it at its next heartbeat. Null when the task has already ended.
 */
export async function cancelSolverTask(
  db: Database,
  input: { id: string; now: Date; reason: string },
  then: (tx: Transaction, task: SolverTaskRow) => Promise<void>,
): Promise<SolverTaskRow | null> {
  return db.transaction(async (tx) => {
    const [queued] = await tx
      .update(solverTasks)
      .set({ status: 'Cancelled', reason: input.reason, cancelRequested: true, finishedAt: input.now })
      .where(and(eq(solverTasks.id, input.id), eq(solverTasks.status, 'Queued')))
      .returning();
    if (queued) {
      await then(tx, queued);
      return queued;
    }
    const [running] = await tx
      .update(solverTasks)
      .set({ cancelRequested: true })
      .where(and(eq(solverTasks.id, input.id), eq(solverTasks.status, 'Running')))
      .returning();
    return running ?? null;
  });
}

const ownedRunning = (id: string, owner: string) =>
  and(eq(solverTasks.id, id), eq(solverTasks.leaseOwner, owner), eq(solverTasks.status, 'Running'));

/** The round's latest task as the round page shows it to the operator; null when the round was never matched. */
export async function latestRoundTask(db: Queryable, roundId: string): Promise<RoundSolverTask | null> {
  // Read on every round page: the task's own columns, never its instance or result.
  const [task] = await newestOfRound(
    db
      .select({
        id: solverTasks.id,
        status: solverTasks.status,
        progress: solverTasks.progress,
        timeLimitSeconds: solverTasks.timeLimitSeconds,
        reason: solverTasks.reason,
        queuedAt: solverTasks.queuedAt,
        finishedAt: solverTasks.finishedAt,
        engineVersion: solverTasks.engineVersion,
      })
      .from(solverTasks)
      .$dynamic(),
    roundId,
  );
  if (!task) return null;
  return {
    id: task.id,
    self: `/solver/task/${task.id}`,
    status: task.status,
    progress: task.progress,
    timeLimitSeconds: task.timeLimitSeconds,
    reason: task.reason,
    queuedAt: task.queuedAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
    imported: task.engineVersion === IMPORTED_RESULT,
  };
}

/** The engine version recorded for a result imported from a winners file instead of solved. */
export const IMPORTED_RESULT = 'Imported winners file';

/**
 * Stores a result imported from a winners file (ImportMatch) as the round's latest task, ended as Succeeded with
 * no time spent: the review and AcceptMatch read it exactly as a solved result.
 */
export async function storeImportedResult(
  db: Queryable,
  input: { roundId: string; built: BuiltInstance; result: ClearingResult; now: Date },
): Promise<SolverTaskRow> {
  return insertTask(db, input.roundId, input.built, {
    status: 'Succeeded',
    result: input.result,
    engineVersion: IMPORTED_RESULT,
    timeLimitSeconds: 0,
    progress: { best: input.result.surplus, bound: input.result.bound, gap: 0, elapsedSeconds: 0 },
    queuedAt: input.now,
    startedAt: input.now,
    finishedAt: input.now,
  });
}
