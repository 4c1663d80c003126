import type { MatchReview } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { markets } from '../markets/markets.tables.ts';
import { requirementBids } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { buildClearableRound } from './match.testing.ts';
import { SolverTaskRunner } from './runner.ts';

describeWithApp('ExcludeFromClearing and ReinstateInClearing', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });
  const owners = () => ({
    supplierId: world.members.participant.organisation.id,
    buyerId: world.otherParticipant.organisation.id,
  });
  const post = (role: 'admin' | 'participant' | 'anonymous', url: string, body: unknown) =>
    asRole(t.app, world, role, 'POST', url, body);
  /** The buyer of the clearable round's requirements. */
  const asBuyer = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    requestJson(t.app, method, url, body, { cookie: world.otherParticipant.cookie });
  const matchAndRun = async (roundId: string) => {
    // A new task is queued after the last one, so the review reads it.
    t.clock.advance(1000);
    const matched = await post('admin', `/api/round/${roundId}/action/Match`, {});
    expect(matched.statusCode).toBe(200);
    return new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
  };
  const review = async (roundId: string) =>
    (
      await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${roundId}`)
    ).json() as MatchReview;
  const marketOf = async (roundId: string) => {
    const [row] = await t.db
      .select({ name: markets.name })
      .from(marketRounds)
      .innerJoin(markets, eq(markets.id, marketRounds.marketId))
      .where(eq(marketRounds.id, roundId));
    return row?.name;
  };
  const mailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox)).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());

  it('walks 401 -> 422 -> 403 -> 409 -> 200 on a bid; the owner is told, the trail keeps the reason, Match runs without it', async () => {
    const round = await buildRound(t.db, 'OpenForBidsAndOffers');
    const records = await buildClearableRound(t.db, round.id, owners());
    const [wanted] = records.biodiversityRequirementIds;
    const url = `/api/requirement/${wanted}/action/ExcludeFromClearing`;
    const reason = 'The bid was entered in pence instead of pounds';

    expect((await post('anonymous', url, { reason })).statusCode).toBe(401);
    // Bids are still open: nothing is frozen to exclude yet.
    const early = await post('admin', url, { reason });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `${round.name} is open for bids and offers: a bid can be excluded from the clearing or reinstated only after bids and offers close, while no result is pending`,
    );
    expect((await post('admin', `/api/round/${round.id}/action/CloseBidsAndOffers`, {})).statusCode).toBe(
      200,
    );
    const blank = await post('admin', url, { reason: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([{ path: 'reason', message: 'Field required' }]);
    const forbidden = await asBuyer('POST', url, { reason });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the market operator can do this');
    const excluded = await post('admin', url, { reason });
    expect(excluded.statusCode).toBe(200);
    expect(excluded.json().message).toBe('The bid of Housing at Mill Lane is excluded from the clearing');
    const again = await post('admin', url, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This bid is already excluded from the clearing');

    // The owner sees the reason on its record; the bid stays where it was, sealed.
    const seen = await asBuyer('GET', `/api/requirement/${wanted}`);
    expect(seen.json()).toMatchObject({
      status: 'Bid',
      bid: { bid: 9000 },
      clearingExclusion: { reason, at: t.clock.now().toISOString() },
    });
    const trail = await t.db
      .select({ action: activity.action, details: activity.details })
      .from(activity)
      .where(and(eq(activity.subjectType, 'requirement'), eq(activity.subjectId, wanted ?? '')));
    expect(trail).toContainEqual({ action: 'ExcludeFromClearing', details: { reason } });
    expect(JSON.stringify(trail)).not.toContain('9000');
    const [mail] = await mailsTo(world.otherParticipant.user.email);
    expect(mail?.subject).toBe(
      `The bid of Housing at Mill Lane is excluded from the clearing of ${await marketOf(round.id)} - ${round.name}`,
    );
    expect(mail?.text).toContain(`Reason: ${reason}`);
    expect(mail?.link).toMatch(new RegExp(`/credit-requirements/${wanted}$`));
    expect(mail?.text).toContain(`See the credit requirement at ${mail?.link}`);
    expect(mail?.text).not.toMatch(/9,?000|£/);
    expect(await mailsTo(world.members.participant.user.email)).toEqual([]);

    expect(await matchAndRun(round.id)).toMatchObject({ status: 'Succeeded' });
    const first = await review(round.id);
    expect(first.notInClearing).toContainEqual(
      expect.objectContaining({
        id: wanted,
        name: 'Housing at Mill Lane',
        reason: `Excluded from the clearing by the operator: ${reason}`,
      }),
    );
    expect(first.requirements.map((r) => r.requirement.id)).not.toContain(wanted);

    // Pending: nothing can be excluded or reinstated until the result is rejected.
    const reinstateUrl = `/api/requirement/${wanted}/action/ReinstateInClearing`;
    expect((await post('admin', reinstateUrl, { reason: 'Corrected' })).statusCode).toBe(409);
    expect(
      (await post('admin', `/api/round/${round.id}/action/RejectMatch`, { reason: 'Bid corrected' }))
        .statusCode,
    ).toBe(200);
    await t.db
      .update(requirementBids)
      .set({ bid: 90 })
      .where(eq(requirementBids.requirementId, wanted ?? ''));
    const reinstated = await post('admin', reinstateUrl, { reason: 'The buyer confirmed the bid in pounds' });
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json().message).toBe('The bid of Housing at Mill Lane is back in the clearing');
    expect((await mailsTo(world.otherParticipant.user.email)).map((m) => m.subject)).toContain(
      `The bid of Housing at Mill Lane is back in the clearing of ${await marketOf(round.id)} - ${round.name}`,
    );
    expect((await post('admin', reinstateUrl, { reason: 'Twice' })).json().message).toBe(
      'This bid is not excluded from the clearing',
    );

    expect(await matchAndRun(round.id)).toMatchObject({ status: 'Succeeded' });
    const second = await review(round.id);
    expect(second.notInClearing.map((item) => item.id)).not.toContain(wanted);
    expect(second.requirements.map((r) => r.requirement.id)).toContain(wanted);
  });

  it("excludes a project's offer after a rejected result, for the operator only, and a round with one bad bid still clears", async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const records = await buildClearableRound(t.db, round.id, owners());
    const [wanted] = records.biodiversityRequirementIds;
    // A bid stored before the money rule: the clearing leaves it out with the reason instead of failing.
    await t.db
      .update(requirementBids)
      .set({ bid: 1e308 })
      .where(eq(requirementBids.requirementId, wanted ?? ''));
    expect(await matchAndRun(round.id)).toMatchObject({ status: 'Succeeded' });
    expect((await review(round.id)).notInClearing).toContainEqual(
      expect.objectContaining({
        id: wanted,
        reason: 'Its bid cannot be cleared: Must be at most £1,000,000,000',
      }),
    );
    expect(
      (await post('admin', `/api/round/${round.id}/action/RejectMatch`, { reason: 'Check the offers' }))
        .statusCode,
    ).toBe(200);

    const url = `/api/project/${records.biodiversityProjectId}/action/ExcludeFromClearing`;
    const supplier = await post('participant', url, { reason: 'Mine' });
    expect(supplier.statusCode).toBe(403);
    const excluded = await post('admin', url, { reason: 'The land is under a competing agreement' });
    expect(excluded.statusCode).toBe(200);
    const project = (
      await asRole(t.app, world, 'participant', 'GET', `/api/project/${records.biodiversityProjectId}`)
    ).json();
    expect(project.clearingExclusion).toEqual({
      reason: 'The land is under a competing agreement',
      at: t.clock.now().toISOString(),
    });
    expect(project.actions.find((a: { id: string }) => a.id === 'ExcludeFromClearing')).toMatchObject({
      enabled: false,
    });
    const mails = await mailsTo(world.members.participant.user.email);
    expect(mails.map((m) => m.subject)).toContain(
      `The offer of Meadow restoration is excluded from the clearing of ${await marketOf(round.id)} - ${round.name}`,
    );
    expect(await matchAndRun(round.id)).toMatchObject({ status: 'Succeeded' });
    const last = await review(round.id);
    expect(last.notInClearing).toContainEqual(
      expect.objectContaining({
        id: records.biodiversityProjectId,
        reason: 'Excluded from the clearing by the operator: The land is under a competing agreement',
      }),
    );
  });
});
