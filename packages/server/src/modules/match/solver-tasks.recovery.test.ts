import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, describeWithApp, type TestApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { connectPostgres, type DatabaseConnection, queryRows } from '../../platform/db/connect.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { solverTasks } from './match.tables.ts';
import { CANCELLED_REASON, diedReason, overranReason, SolverTaskRunner } from './runner.ts';
import { built, STALLED, solverTaskHelpers } from './solver-tasks.testing.ts';
import { startMatch } from './start-match.ts';
import { claimSolverTask, findSolverTask, finishSolverTask } from './tasks.ts';

describeWithApp('solver tasks: died, cancelled and overrunning', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const { roundStatus, trail, runner } = solverTaskHelpers(t);

  it('takes up a task whose runner died once its lease has run out, and ignores the dead runner after', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    // A runner claims it and dies: no heartbeat ever comes.
    const dead = await claimSolverTask(t.db, 'dead-runner', t.clock.now(), 5_000);
    expect(dead).toMatchObject({ id: task.id, status: 'Running', attempts: 1 });
    const survivor = runner({ owner: 'survivor', leaseMs: 5_000 });
    expect(await survivor.runNext()).toBeNull();
    t.clock.advance(6_000);
    const ended = await survivor.runNext();
    expect(ended).toMatchObject({ id: task.id, status: 'Succeeded', attempts: 2, leaseOwner: 'survivor' });
    expect(await roundStatus(round.id)).toBe('Pending');
    // The dead runner's late answer changes nothing.
    const late = await finishSolverTask(
      t.db,
      {
        id: task.id,
        owner: 'dead-runner',
        now: t.clock.now(),
        ending: { status: 'Failed', reason: 'late' },
        progress: null,
      },
      async () => undefined,
    );
    expect(late).toBeNull();
    expect(await findSolverTask(t.db, task.id)).toMatchObject({ status: 'Succeeded', reason: null });
  });

  it('fails a task whose process died every time it ran, with the reason', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    for (let died = 1; died <= 2; died++) {
      expect(await claimSolverTask(t.db, `dead-${died}`, t.clock.now(), 1_000)).toMatchObject({
        attempts: died,
      });
      t.clock.advance(2_000);
    }
    const ended = await runner({ owner: 'last', maxAttempts: 2 }).runNext();
    expect(ended).toMatchObject({ id: task.id, status: 'Failed', attempts: 3, reason: diedReason(2) });
    expect(diedReason(2)).toBe(
      'The server process clearing this round stopped 2 times before the solver answered',
    );
    expect(await roundStatus(round.id)).toBe('Failed');
  });

  it('stops a running task the operator cancels; the round fails with the reason', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    const running = runner({ worker: STALLED }).runNext();
    await vi.waitFor(
      async () => expect((await findSolverTask(t.db, task.id))?.progress?.best).toBeGreaterThan(0),
      {
        timeout: 10_000,
      },
    );
    const live = await asRole(t.app, world, 'admin', 'GET', `/api/solver/task/${task.id}`);
    expect(live.json()).toMatchObject({
      status: 'Running',
      round: { status: 'Matching' },
      progress: { bound: 10_000 },
    });
    const cancel = await asRole(t.app, world, 'admin', 'POST', `/api/solver/task/${task.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'Running' });
    expect(await running).toMatchObject({
      id: task.id,
      status: 'Cancelled',
      reason: CANCELLED_REASON,
      result: null,
    });
    expect(await roundStatus(round.id)).toBe('Failed');
    expect((await trail(round.id)).filter((entry) => entry.after === 'Failed')).toEqual([
      {
        action: 'Match',
        after: 'Failed',
        actor: null,
        details: { taskId: task.id, reason: CANCELLED_REASON },
      },
    ]);
  }, 20_000);

  it('fails a task that overruns its time limit (the watchdog) with the reason', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    // Long enough for the stalled thread to start and report progress on a busy machine.
    await t.db.update(marketRounds).set({ solverTimeLimitSeconds: 3 }).where(eq(marketRounds.id, round.id));
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    expect(task.timeLimitSeconds).toBe(3);
    const started = performance.now();
    const ended = await runner({ worker: STALLED, graceMs: 300 }).runNext();
    expect(performance.now() - started).toBeGreaterThanOrEqual(3_300);
    expect(ended).toMatchObject({ status: 'Failed', reason: overranReason(3), result: null });
    expect(overranReason(3)).toBe('The solver ran past its time limit of 3 s and was stopped');
    expect(ended?.progress?.best).toBeGreaterThan(0);
    expect(await roundStatus(round.id)).toBe('Failed');
  }, 20_000);
});

// Two server processes on one PostgreSQL: only where a PostgreSQL server is configured for tests (always in CI);
// PGlite is one process with one connection, where no claim can race.
if (process.env.TEST_DATABASE_URL) {
  describe('solver tasks on one PostgreSQL shared by two server processes', () => {
    let first: TestApp;
    let second: DatabaseConnection;
    beforeAll(async () => {
      first = await createTestApp('postgres');
      const [database] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${database?.name}`;
      // The second process's own pool of connections to the same database.
      second = await connectPostgres(url.toString(), { max: 4 });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('gives a queued task to exactly one of two processes claiming it at the same moment', async () => {
      for (let i = 0; i < 10; i++) {
        const round = await buildRound(first.db, 'ClosedForBidsAndOffers');
        const task = await startMatch({ db: first.db, clock: first.clock.now }, round.id, built());
        const claims = await Promise.all([
          claimSolverTask(first.db, 'process-1', first.clock.now(), 30_000),
          claimSolverTask(second.db, 'process-2', first.clock.now(), 30_000),
        ]);
        const winners = claims.filter((claim) => claim !== null);
        expect(winners.map((claim) => claim.id)).toEqual([task.id]);
        expect(winners[0]?.attempts).toBe(1);
        // Leave nothing claimable for the next round of the loop.
        await first.db.update(solverTasks).set({ status: 'Cancelled' }).where(eq(solverTasks.id, task.id));
      }
    });

    it('takes up the task of a server process killed while clearing it, once its lease runs out', async () => {
      const round = await buildRound(first.db, 'ClosedForBidsAndOffers');
      const task = await startMatch({ db: first.db, clock: first.clock.now }, round.id, built());
      const [database] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${database?.name}`;
      const module = (name: string) => JSON.stringify(fileURLToPath(new URL(name, import.meta.url)));
      const script = `const { connectPostgres } = await import(${module('../../platform/db/connect.ts')});
        const { SolverTaskRunner } = await import(${module('./runner.ts')});
        const connection = await connectPostgres(${JSON.stringify(url.toString())}, { max: 2 });
        const runner = new SolverTaskRunner(connection.db, () => new Date(), {
          owner: 'doomed', leaseMs: 2000, heartbeatMs: 200, worker: new URL(${JSON.stringify(STALLED.href)}),
        });
        await runner.runNext();`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: 'ignore',
      });
      try {
        await vi.waitFor(
          async () =>
            expect(await findSolverTask(first.db, task.id)).toMatchObject({
              status: 'Running',
              leaseOwner: 'doomed',
              progress: expect.objectContaining({ best: expect.any(Number) }),
            }),
          { timeout: 60_000, interval: 200 },
        );
      } finally {
        child.kill('SIGKILL');
      }
      const survivor = new SolverTaskRunner(second.db, () => new Date(), { owner: 'survivor' });
      expect(await survivor.runNext()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await survivor.runNext()).toMatchObject({
        id: task.id,
        status: 'Succeeded',
        attempts: 2,
        leaseOwner: 'survivor',
      });
      expect(
        (await first.db.select().from(marketRounds).where(eq(marketRounds.id, round.id)))[0]?.status,
      ).toBe('Pending');
    }, 120_000);

    it('runs each task exactly once when the runners of two processes drain the queue together', async () => {
      const rounds = [];
      for (let i = 0; i < 4; i++) rounds.push(await buildRound(first.db, 'ClosedForBidsAndOffers'));
      const tasks = [];
      for (const round of rounds)
        tasks.push(await startMatch({ db: first.db, clock: first.clock.now }, round.id, built()));
      const drain = async (runner: SolverTaskRunner) => {
        const ran: string[] = [];
        for (let task = await runner.runNext(); task; task = await runner.runNext()) ran.push(task.id);
        return ran;
      };
      const [ranByFirst, ranBySecond] = await Promise.all([
        drain(new SolverTaskRunner(first.db, first.clock.now, { owner: 'process-1' })),
        drain(new SolverTaskRunner(second.db, first.clock.now, { owner: 'process-2' })),
      ]);
      expect([...(ranByFirst ?? []), ...(ranBySecond ?? [])].sort()).toEqual(
        tasks.map((task) => task.id).sort(),
      );
      const stored = await first.db
        .select({ status: solverTasks.status, attempts: solverTasks.attempts, owner: solverTasks.leaseOwner })
        .from(solverTasks)
        .where(
          inArray(
            solverTasks.id,
            tasks.map((task) => task.id),
          ),
        );
      expect(stored.map((row) => [row.status, row.attempts])).toEqual(tasks.map(() => ['Succeeded', 1]));
      for (const round of rounds) {
        const [row] = await first.db
          .select({ status: marketRounds.status })
          .from(marketRounds)
          .where(eq(marketRounds.id, round.id));
        expect(row?.status).toBe('Pending');
      }
    }, 120_000);
  });
}
