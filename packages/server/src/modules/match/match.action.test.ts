import { formatCredits, formatPenceAsGBP, type MatchReview } from '@curlew/domain';
import { checkResult } from '@curlew/matching';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
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
      [
        ...records.biodiversityRequirementIds,
        records.nitrogenRequirementId,
        records.losingNitrogenRequirementId,
      ].sort(),
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
    // The review: the operator's headline, both sides with the reason of every loser, the allocations.
    const reviewed = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${round.id}`);
    expect(reviewed.statusCode).toBe(200);
    const review = reviewed.json() as MatchReview;
    const [wanted, cheap] = records.biodiversityRequirementIds;
    expect(review.round).toEqual({ id: round.id, name: round.name, status: 'Pending' });
    expect(review.taskId).toBe(answer.context.id);
    expect(review.headline).toMatchObject({
      resultStatus: 'Optimal',
      optimal: true,
      surplusPence: Math.round(task.result.surplus * 100),
      buyerShareOfSurplus: 0.5,
      // Both winning projects carry 200 GBP of fees each.
      feesPence: 40_000,
      volumes: [
        { creditType: 'Biodiversity', units: 12 },
        { creditType: 'NutrientMitigationNitrogen', units: expect.any(Number) },
      ],
      reserve: [],
    });
    // Every supply serves in its own LPA or subcatchment: delivered after multipliers equals sold.
    expect(review.headline.deliveredVolumes).toEqual(review.headline.volumes);
    expect(review.headline.buyersSurplusPence + review.headline.suppliersSurplusPence).toBe(
      review.headline.surplusPence,
    );
    expect(review.projects.map((p) => [p.project.name, p.won, p.offerPence, p.feesPence])).toEqual(
      [
        ['Meadow restoration', true, 200_000, 20_000],
        ['Wetland nitrogen', true, 100_000, 20_000],
      ].sort((a, b) =>
        (a[0] === 'Meadow restoration' ? records.biodiversityProjectId : records.nitrogenProjectId) <
        (b[0] === 'Meadow restoration' ? records.biodiversityProjectId : records.nitrogenProjectId)
          ? -1
          : 1,
      ),
    );
    const meadow = review.projects.find((p) => p.project.id === records.biodiversityProjectId);
    expect(meadow?.sells).toEqual([{ serviceId: expect.any(String), creditType: 'Biodiversity', units: 12 }]);
    expect(meadow?.receivesPence).toBeGreaterThanOrEqual(220_000);
    // What it receives: its offer, its fees and its share of the surplus; and why it won, in those figures. Its
    // 12 units serve both biodiversity bids (9,000 GBP in full and 1,500 GBP for 2 of 10 units: 9,300 GBP).
    expect(meadow?.surplusSharePence).toBe((meadow?.receivesPence ?? 0) - 220_000);
    expect(meadow?.reason).toBe(
      `Won: it sells 12.00 of its 12.00 Biodiversity units to 2 requirements, whose bids for what they receive (£9,300) cover its offer and fees (£2,200). It receives its offer and fees (£2,200) plus ${formatPenceAsGBP(meadow?.surplusSharePence)}, its share of the surplus.`,
    );
    const byRequirement = new Map(review.requirements.map((r) => [r.requirement.id, r]));
    expect(byRequirement.get(wanted)).toMatchObject({
      won: true,
      fill: 1,
      partFilled: false,
      units: 10,
      bidPence: 900_000,
      buyer: { id: world.otherParticipant.organisation.id },
    });
    const filled = byRequirement.get(wanted);
    expect(filled?.surplusSharePence).toBe(900_000 - (filled?.paysPence ?? 0));
    expect(filled?.reason).toBe(
      `Met in full: it receives 10.00 units after multipliers from 1 project, which also serves 1 other requirement, directly or through other projects: all their bids (£9,300) cover all the offers and fees (£2,200). It pays its bid less ${formatPenceAsGBP(filled?.surplusSharePence)}, its share of the surplus.`,
    );
    // The cheap bid takes the 2 units left over: part-filled, with the reason.
    expect(byRequirement.get(cheap)).toMatchObject({ won: true, fill: 0.2, partFilled: true, units: 2 });
    expect(byRequirement.get(cheap)?.reason).toEqual(expect.any(String));
    const losing = byRequirement.get(records.losingNitrogenRequirementId);
    expect(losing).toMatchObject({ won: false, fill: 0, units: 0, paysPence: 0, bidPence: 300_000 });
    expect(losing?.reason).toEqual(expect.any(String));
    expect(byRequirement.get(records.nitrogenRequirementId)).toMatchObject({ won: true, fill: 1 });
    const riverside = byRequirement.get(records.nitrogenRequirementId);
    expect(riverside?.reason).toMatch(
      new RegExp(
        `^Met in full: it receives ${formatCredits(riverside?.units)} units after multipliers from 1 project`,
      ),
    );
    expect(losing?.surplusSharePence).toBe(0);
    const paid = review.requirements.reduce((sum, r) => sum + r.paysPence, 0);
    const got = review.projects.reduce((sum, p) => sum + p.receivesPence, 0);
    expect(Math.abs(paid - got)).toBeLessThanOrEqual(2);
    expect(
      review.allocations
        .filter((a) => a.creditType === 'Biodiversity')
        .map((a) => [a.requirement.id, a.units, a.multiplier, a.multiplierBasis, a.deliveredUnits]),
    ).toEqual(
      [
        [wanted, 10, 1, 'sameLpa', 10],
        [cheap, 2, 1, 'sameLpa', 2],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    expect(review.allocations.every((a) => a.year >= 2027)).toBe(true);
    expect(review.notInClearing.map((item) => item.id)).toEqual([
      records.registeredProjectId,
      records.unbidRequirementId,
    ]);

    const lostProjects = (
      await asRole(t.app, world, 'admin', 'GET', `/api/unmatched-projects?roundId=${round.id}`)
    ).json();
    expect(lostProjects).toEqual({
      items: [
        {
          project: {
            id: records.registeredProjectId,
            name: 'Hedgerow planting',
            self: `/project/${records.registeredProjectId}`,
          },
          supplier: {
            id: world.members.participant.organisation.id,
            name: world.members.participant.organisation.name,
          },
          inClearing: false,
          reason: 'Only offered projects are cleared; this project is registered',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    const lostRequirements = (
      await asRole(t.app, world, 'admin', 'GET', `/api/unmatched-requirements?roundId=${round.id}`)
    ).json();
    expect(
      lostRequirements.items.map((r: { requirement: { id: string }; inClearing: boolean }) => [
        r.requirement.id,
        r.inClearing,
      ]),
    ).toEqual([
      [records.losingNitrogenRequirementId, true],
      [records.unbidRequirementId, false],
    ]);
    expect(lostRequirements.items[0].reason).toBe(losing?.reason);
    expect(lostRequirements.items[1].reason).toBe(
      'Only requirements with a bid are cleared; this requirement is registered',
    );
    for (const url of ['/api/match-review', '/api/unmatched-projects', '/api/unmatched-requirements']) {
      expect(
        (await asRole(t.app, world, 'participant', 'GET', `${url}?roundId=${round.id}`)).statusCode,
      ).toBe(403);
      expect((await asRole(t.app, world, 'anonymous', 'GET', `${url}?roundId=${round.id}`)).statusCode).toBe(
        401,
      );
      expect((await asRole(t.app, world, 'admin', 'GET', `${url}?roundId=nope`)).statusCode).toBe(404);
    }

    // Participants never see the round's task.
    const seen = (await asRole(t.app, world, 'participant', 'GET', `/api/round/${round.id}`)).json();
    expect(seen.status).toBe('Pending');
    expect(seen).not.toHaveProperty('latestTask');
  });

  it('rejects a pending result with a reason (required); the round may be matched again, the review says who rejected it and why', async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    await buildClearableRound(t.db, round.id, owners());
    expect(
      (await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {})).statusCode,
    ).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    const empty = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/RejectMatch`, {
      reason: ' ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ path: 'reason', message: expect.any(String) }]);
    const rejected = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/RejectMatch`,
      {
        reason: 'Fees were set wrongly',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Match rejected');
    const after = (await asRole(t.app, world, 'admin', 'GET', `/api/round/${round.id}`)).json();
    expect(after.status).toBe('Rejected');
    expect(after.actions.find((a: { id: string }) => a.id === 'Match')).toMatchObject({ enabled: true });
    const review = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${round.id}`);
    expect(review.statusCode).toBe(200);
    expect(review.json().decision).toEqual({
      outcome: 'Rejected',
      at: t.clock.now().toISOString(),
      by: world.members.admin.user.displayName,
      reason: 'Fees were set wrongly',
    });
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
