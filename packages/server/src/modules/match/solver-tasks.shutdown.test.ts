import { expect, it, vi } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRound } from '../../../test/world.ts';
import { built, STALLED, solverTaskHelpers } from './solver-tasks.testing.ts';
import { startMatch } from './start-match.ts';
import { claimSolverTask, findSolverTask } from './tasks.ts';

describeWithApp('solver tasks: a stopping process gives its task back', (t) => {
  const { roundStatus, runner } = solverTaskHelpers(t);

  it('puts the running task back in the queue without a lease or a counted attempt, for another process', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    const stopping = runner({ owner: 'stopping', worker: STALLED, pollMs: 50 });
    expect(stopping.active).toBe(false);
    stopping.start();
    expect(stopping.active).toBe(true);
    await vi.waitFor(
      async () =>
        expect(await findSolverTask(t.db, task.id)).toMatchObject({
          status: 'Running',
          leaseOwner: 'stopping',
          attempts: 1,
        }),
      { timeout: 10_000 },
    );
    await stopping.stop();
    expect(stopping.active).toBe(false);
    expect(await findSolverTask(t.db, task.id)).toMatchObject({
      status: 'Queued',
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: 0,
    });
    // The round still waits for its answer, and another process takes the task at once (no lease to run out).
    expect(await roundStatus(round.id)).toBe('Matching');
    expect(await claimSolverTask(t.db, 'other', t.clock.now(), 30_000)).toMatchObject({
      id: task.id,
      status: 'Running',
      leaseOwner: 'other',
      attempts: 1,
    });
  });
});
