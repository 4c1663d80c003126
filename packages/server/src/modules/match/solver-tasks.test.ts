import { checkResult } from '@curlew/matching';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { markets } from '../markets/markets.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { biodiversityRequirement, offeredProject } from './instance.testing.ts';
import { solverTasks } from './match.tables.ts';
import { CANCELLED_REASON } from './runner.ts';
import { built, solverTaskHelpers } from './solver-tasks.testing.ts';
import { buildRoundInstance, type MatchRecordsLoader, startMatch } from './start-match.ts';
import { findSolverTask } from './tasks.ts';

describeWithApp('solver tasks', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const { roundStatus, trail, runner } = solverTaskHelpers(t);

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

  it('names the record and the field when the engine refuses an instance built elsewhere', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const good = built();
    const tampered = {
      ...good,
      instance: {
        ...good.instance,
        requirements: good.instance.requirements.map((r) => (r.id === 'r1' ? { ...r, bid: -5 } : r)),
      },
    };
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, tampered);
    const ended = await runner().runNext();
    expect(ended).toMatchObject({
      id: task.id,
      status: 'Failed',
      reason: 'The clearing data is not valid: requirement "Requirement r1", bid: Value must be 0 or more',
    });
    expect(await roundStatus(round.id)).toBe('Failed');
  });

  it('refuses to start matching a round that is not closed for bids and offers', async () => {
    const round = await buildRound(t.db, 'Open');
    await expect(startMatch({ db: t.db, clock: t.clock.now }, round.id, built())).rejects.toThrow(
      'Match bids and offers is not possible while this market round is open',
    );
    expect(await t.db.select().from(solverTasks).where(eq(solverTasks.marketRoundId, round.id))).toEqual([]);
  });
});
