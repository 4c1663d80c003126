import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import type { Database } from '../../platform/db/connect.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { biodiversityRequirement, lpaAdjacency, matchRound, offeredProject } from './instance.testing.ts';
import { buildInstance } from './instance.ts';
import { SolverTaskRunner } from './runner.ts';

/** A solver worker that reports progress and never answers (for cancel, the watchdog and killed processes). */
export const STALLED = new URL('./stalled.worker.testing.ts', import.meta.url);

/** A small round: one project serving two requirements. */
export const built = () =>
  buildInstance(
    matchRound(),
    [offeredProject('p1', { offer: 3000 })],
    [
      biodiversityRequirement('r1', { bid: { bid: 9000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
      biodiversityRequirement('r2', { bid: { bid: 4000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
    ],
    lpaAdjacency,
  );

/** A round's status as stored. */
const roundStatusOf = async (db: Database, id: string) =>
  (await db.select({ status: marketRounds.status }).from(marketRounds).where(eq(marketRounds.id, id)))[0]
    ?.status;

/** A round's activity trail, oldest first: action, status after, actor and details. */
const roundTrail = (db: Database, id: string) =>
  db
    .select({
      action: activity.action,
      after: activity.statusAfter,
      actor: activity.actorName,
      details: activity.details,
    })
    .from(activity)
    .where(and(eq(activity.subjectType, 'round'), eq(activity.subjectId, id)))
    .orderBy(activity.at, activity.id);

/** The solver task suites' helpers on their app: a round's status and trail, and a runner beating every 100 ms. */
export const solverTaskHelpers = (t: Pick<TestApp, 'db' | 'clock'>) => ({
  roundStatus: (id: string) => roundStatusOf(t.db, id),
  trail: (id: string) => roundTrail(t.db, id),
  runner: (options: ConstructorParameters<typeof SolverTaskRunner>[2] = {}) =>
    new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100, ...options }),
});
