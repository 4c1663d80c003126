import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkResult } from '@curlew/matching';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, describeWithApp, type TestApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { connectPostgres, type DatabaseConnection, queryRows } from '../../platform/db/connect.ts';
import { marketRounds, markets } from '../markets/markets.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { biodiversityRequirement, lpaAdjacency, matchRound, offeredProject } from './instance.testing.ts';
import { buildInstance } from './instance.ts';
import { solverTasks } from './match.tables.ts';
import { CANCELLED_REASON, diedReason, overranReason, SolverTaskRunner } from './runner.ts';
import { buildRoundInstance, type MatchRecordsLoader, startMatch } from './start-match.ts';
import { claimSolverTask, findSolverTask, finishSolverTask } from './tasks.ts';

const STALLED = new URL('./stalled.worker.testing.ts', import.meta.url);

/** A small round: one project serving two requirements. */
const built = () =>
  buildInstance(
    matchRound(),
    [offeredProject('p1', { offer: 3000 })],
    [
      biodiversityRequirement('r1', { bid: { bid: 9000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
      biodiversityRequirement('r2', { bid: { bid: 4000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
    ],
    lpaAdjacency,
  );

describeWithApp('solver tasks', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const roundStatus = async (id: string) =>
    (await t.db.select({ status: marketRounds.status }).from(marketRounds).where(eq(marketRounds.id, id)))[0]
      ?.status;
  const trail = (id: string) =>
    t.db
      .select({
        action: activity.action,
        after: activity.statusAfter,
        actor: activity.actorName,
        details: activity.details,
      })
      .from(activity)
      .where(and(eq(activity.subjectType, 'round'), eq(activity.subjectId, id)))
      .orderBy(activity.at, activity.id);
  const runner = (options: ConstructorParameters<typeof SolverTaskRunner>[2] = {}) =>
    new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100, ...options });

  it('queues the task and moves the round to Matching; a runner clears it and the round waits as Pending', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    expect(task.status).toBe('Queued');
    expect(await roundStatus(round.id)).toBe('Matching');

    const ended = await runner({ owner: 'runner-a' }).runNext();
    expect(ended).toMatchObject({
      id: task.id,
      status: 'Succeeded',
      attempts: 1,
      leaseOwner: 'runner-a',
      reason: null,
    });
    const stored = await findSolverTask(t.db, task.id);
    if (!stored?.result) throw new Error('No result stored');
    expect(checkResult(stored.instance, stored.result)).toEqual([]);
    expect(stored.result.status).toBe('Optimal');
    expect(stored.result.surplus).toBe(10_000);
    expect(stored.engineVersion).toMatch(/^@curlew\/matching \d+\.\d+\.\d+$/);
    // Optimal means proven within 1 GBP of the bound.
    expect(stored.progress).toMatchObject({
      best: 10_000,
      bound: stored.result.bound,
      gap: stored.result.gap,
    });
    expect(stored.result.bound - stored.result.surplus).toBeLessThanOrEqual(1);
    expect(stored.mapping.credits).toEqual({ p1: ['p1-bio'] });
    expect(await roundStatus(round.id)).toBe('Pending');
    const entries = await trail(round.id);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'Match', after: 'Matching', actor: null, details: null },
        {
          action: 'Match',
          after: 'Pending',
          actor: null,
          details: { taskId: task.id, result: 'Optimal', surplus: 10_000, gap: stored.result.gap },
        },
      ]),
    );

    const answer = await asRole(t.app, world, 'admin', 'GET', `/api/solver/task/${task.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: task.id,
      self: `/solver/task/${task.id}`,
      round: { id: round.id, name: round.name, status: 'Pending' },
      status: 'Succeeded',
      resultStatus: 'Optimal',
      timeLimitSeconds: 120,
      reason: null,
      progress: { best: 10_000, bound: stored.result.bound },
    });
    expect(await runner().runNext()).toBeNull();
  });

  it('answers a task to the operator only: 401 signed out, 403 for others, 404 for no such task', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    const url = `/api/solver/task/${task.id}`;
    expect((await asRole(t.app, world, 'sysadmin', 'GET', url)).json()).toMatchObject({
      status: 'Queued',
      progress: null,
    });
    const anonymous = await asRole(t.app, world, 'anonymous', 'GET', url);
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['participant', 'lpa', 'agent'] as const) {
      const refused = await asRole(t.app, world, role, 'GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Only the market operator can do this' });
      expect((await asRole(t.app, world, role, 'POST', `${url}/cancel`)).statusCode).toBe(403);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await asRole(t.app, world, 'admin', 'GET', `/api/solver/task/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        message: 'This solver task does not exist or you cannot see it',
      });
    }
    // Cancelled while queued: at once, and the round fails with the reason.
    const cancelled = await asRole(t.app, world, 'admin', 'POST', `${url}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'Cancelled',
      reason: CANCELLED_REASON,
      round: { status: 'Failed' },
    });
    const again = await asRole(t.app, world, 'admin', 'POST', `${url}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This solver task has already ended' });
  });

  it("builds a round's instance from its settings, its market's k, the close of bids and the LPA adjacency", async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    await t.db
      .update(marketRounds)
      .set({
        services: ['Biodiversity'],
        reservePercentage: 20,
        reserveAppliesTo: 'allDemand',
        ampEnd: '2031-03-31',
        solverTimeLimitSeconds: 45,
      })
      .where(eq(marketRounds.id, round.id));
    const [market] = await t.db
      .select({ id: marketRounds.marketId })
      .from(marketRounds)
      .where(eq(marketRounds.id, round.id));
    await t.db
      .update(markets)
      .set({ buyerShareOfSurplus: 0.3 })
      .where(eq(markets.id, market?.id ?? ''));
    await t.db.insert(activity).values({
      subjectType: 'round',
      subjectId: round.id,
      action: 'CloseBidsAndOffers',
      title: 'Close bids and offers',
      statusBefore: 'OpenForBidsAndOffers',
      statusAfter: 'ClosedForBidsAndOffers',
      at: new Date('2027-11-30T12:00:00Z'),
    });
    const [west, east] = await t.db
      .insert(lpas)
      .values([
        {
          code: 'E60009991',
          name: 'West',
          authorityType: 'Unitary authority',
          neighbourCodes: ['E60009992'],
        },
        {
          code: 'E60009992',
          name: 'East',
          authorityType: 'Unitary authority',
          neighbourCodes: ['E60009991'],
        },
      ])
      .returning();
    if (!west || !east) throw new Error('No LPAs inserted');
    const project = offeredProject('p1');
    const requirement = biodiversityRequirement('r1');
    const loader: MatchRecordsLoader = async (_db, roundId) => {
      expect(roundId).toBe(round.id);
      return {
        projects: [
          {
            ...project,
            round: { id: round.id, name: round.name, status: 'ClosedForBidsAndOffers' },
            location: project.location && { ...project.location, lpa: { id: west.id, name: 'West' } },
          },
        ],
        requirements: [
          {
            ...requirement,
            round: { id: round.id, name: round.name, status: 'ClosedForBidsAndOffers', ampEnd: '2031-03-31' },
            development: requirement.development && {
              ...requirement.development,
              lpa: { id: east.id, name: 'East' },
              nca: { id: 'N9', name: 'N9' },
            },
          },
        ],
      };
    };
    const { round: matchRound, built: fromDb } = await buildRoundInstance(
      t.db,
      round.id,
      t.clock.now(),
      loader,
    );
    expect(matchRound).toEqual({
      id: round.id,
      services: ['Biodiversity'],
      firstDeliveryYear: 2028,
      ampEnd: '2031-03-31',
      reserve: { percentage: 20, appliesTo: 'allDemand' },
      buyerShareOfSurplus: 0.3,
      timeLimitSeconds: 45,
    });
    expect(fromDb.instance).toMatchObject({
      years: 4,
      reservePercent: 0,
      buyerShareOfSurplus: 0.3,
      neighbours: { lpa: [['E60009991', 'E60009992']] },
      projects: [{ id: 'p1', lpa: 'E60009991' }],
      requirements: [{ id: 'r1', lpa: 'E60009992', units: [5] }],
    });
    expect(fromDb.leftOut).toEqual([]);
  });

  it('refuses to start matching a round that is not closed for bids and offers', async () => {
    const round = await buildRound(t.db, 'Open');
    await expect(startMatch({ db: t.db, clock: t.clock.now }, round.id, built())).rejects.toThrow(
      'Match bids and offers is not possible while this market round is open',
    );
    expect(await t.db.select().from(solverTasks).where(eq(solverTasks.marketRoundId, round.id))).toEqual([]);
  });

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
    await t.db.update(marketRounds).set({ solverTimeLimitSeconds: 1 }).where(eq(marketRounds.id, round.id));
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    expect(task.timeLimitSeconds).toBe(1);
    const started = performance.now();
    const ended = await runner({ worker: STALLED, graceMs: 300 }).runNext();
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_300);
    expect(ended).toMatchObject({ status: 'Failed', reason: overranReason(1), result: null });
    expect(overranReason(1)).toBe('The solver ran past its time limit of 1 s and was stopped');
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
