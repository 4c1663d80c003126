import { checkResult } from '@curlew/matching';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { marketRounds } from '../markets/markets.tables.ts';
import { buildClearableRound } from './match.testing.ts';
import { SolverTaskRunner } from './runner.ts';
import { findSolverTask } from './tasks.ts';

describeWithApp('Match action', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });
  const owners = () => ({
    supplierId: world.members.participant.organisation.id,
    buyerId: world.otherParticipant.organisation.id,
  });

  it('closes bids, matches through the API, runs the task and leaves the round Pending with the result stored', async () => {
    const round = await buildRound(t.db, 'OpenForBidsAndOffers');
    const records = await buildClearableRound(t.db, round.id, owners());

    const closed = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/CloseBidsAndOffers`,
      {},
    );
    expect(closed.statusCode).toBe(200);

    const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
    expect(matched.statusCode).toBe(200);
    const answer = matched.json() as { message: string; context: { id: string; self: string } };
    expect(answer.message).toBe(`Matching ${round.name}`);
    expect(answer.context.self).toBe(`/solver/task/${answer.context.id}`);

    const matching = (await asRole(t.app, world, 'admin', 'GET', `/api/round/${round.id}`)).json();
    expect(matching.status).toBe('Matching');
    expect(matching.latestTask).toMatchObject({
      id: answer.context.id,
      self: answer.context.self,
      status: 'Queued',
      progress: null,
      timeLimitSeconds: 120,
      reason: null,
      finishedAt: null,
    });

    const ended = await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    expect(ended).toMatchObject({ id: answer.context.id, status: 'Succeeded' });
    const [row] = await t.db
      .select({ status: marketRounds.status })
      .from(marketRounds)
      .where(eq(marketRounds.id, round.id));
    expect(row?.status).toBe('Pending');

    const task = await findSolverTask(t.db, answer.context.id);
    if (!task?.result) throw new Error('No result stored');
    expect(checkResult(task.instance, task.result)).toEqual([]);
    expect(task.instance.projects.map((p) => p.id).sort()).toEqual(
      [records.biodiversityProjectId, records.nitrogenProjectId].sort(),
    );
    expect(task.instance.requirements.map((r) => r.id).sort()).toEqual(
      [...records.biodiversityRequirementIds, records.nitrogenRequirementId].sort(),
    );
    expect(task.mapping.leftOut).toEqual([
      {
        kind: 'project',
        id: records.registeredProjectId,
        serviceId: null,
        name: 'Hedgerow planting',
        reason: 'Only offered projects are cleared; this project is registered',
      },
      {
        kind: 'requirement',
        id: records.unbidRequirementId,
        serviceId: null,
        name: 'Office extension',
        reason: 'Only requirements with a bid are cleared; this requirement is registered',
      },
    ]);
    // The wanted biodiversity requirement and the nitrogen requirement are served; the cheap bid is not.
    const served = new Set(task.result.flows.map((flow) => flow.requirement));
    expect(served.has(records.biodiversityRequirementIds[0])).toBe(true);
    expect(served.has(records.nitrogenRequirementId)).toBe(true);

    const pending = (await asRole(t.app, world, 'admin', 'GET', `/api/round/${round.id}`)).json();
    expect(pending.latestTask).toMatchObject({ id: answer.context.id, status: 'Succeeded', reason: null });
    // Participants never see the round's task.
    const seen = (await asRole(t.app, world, 'participant', 'GET', `/api/round/${round.id}`)).json();
    expect(seen.status).toBe('Pending');
    expect(seen).not.toHaveProperty('latestTask');
  });

  it('refuses Match with what is missing when the round has no offers and bids', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const refused = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'There are no offers and bids to clear: no project is offered and no credit requirement has a bid',
    );
  });

  it('lets only the operator match', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    await buildClearableRound(t.db, round.id, owners());
    const refused = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/round/${round.id}/action/Match`,
      {},
    );
    expect(refused.statusCode).toBe(403);
    const [row] = await t.db
      .select({ status: marketRounds.status })
      .from(marketRounds)
      .where(eq(marketRounds.id, round.id));
    expect(row?.status).toBe('ClosedForBidsAndOffers');
  });
});
