import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { allocations, payments, reservedCredits } from './match.tables.ts';
import { buildClearableRound, type ClearableRound } from './match.testing.ts';
import { SolverTaskRunner } from './runner.ts';

describeWithApp('AcceptMatch', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  /** A round cleared through the API and waiting as Pending. */
  const pendingRound = async (): Promise<{
    round: { id: string; name: string };
    records: ClearableRound;
  }> => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const records = await buildClearableRound(t.db, round.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
    expect(matched.statusCode).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    return { round, records };
  };
  const roundStatus = async (id: string) =>
    (await t.db.select({ status: marketRounds.status }).from(marketRounds).where(eq(marketRounds.id, id)))[0]
      ?.status;
  const projectStatuses = async (ids: string[]) =>
    Object.fromEntries(
      (
        await t.db
          .select({ id: projects.id, status: projects.status })
          .from(projects)
          .where(inArray(projects.id, ids))
      ).map((row) => [row.id, row.status]),
    );
  const requirementStatuses = async (ids: string[]) =>
    Object.fromEntries(
      (
        await t.db
          .select({ id: creditRequirements.id, status: creditRequirements.status })
          .from(creditRequirements)
          .where(inArray(creditRequirements.id, ids))
      ).map((row) => [row.id, row.status]),
    );

  it('applies the result in one go: statuses, allocations to 2 decimals, actual units, payments in pence', async () => {
    const { round, records } = await pendingRound();
    const [wanted, cheap] = records.biodiversityRequirementIds;
    const before = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/project/${records.biodiversityProjectId}`,
    );
    expect(before.json().outcome).toBeNull();
    const accepted = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/AcceptMatch`,
      {},
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(`Match accepted: ${round.name} is matched`);
    expect(await roundStatus(round.id)).toBe('Matched');
    expect(
      await projectStatuses([
        records.biodiversityProjectId,
        records.nitrogenProjectId,
        records.registeredProjectId,
      ]),
    ).toEqual({
      [records.biodiversityProjectId]: 'Matched',
      [records.nitrogenProjectId]: 'Matched',
      [records.registeredProjectId]: 'Registered',
    });
    expect(
      await requirementStatuses([
        wanted,
        cheap,
        records.nitrogenRequirementId,
        records.losingNitrogenRequirementId,
        records.unbidRequirementId,
      ]),
    ).toEqual({
      [wanted]: 'RightsCreated',
      [cheap]: 'RightsCreated',
      [records.nitrogenRequirementId]: 'RightsCreated',
      [records.losingNitrogenRequirementId]: 'Unmatched',
      [records.unbidRequirementId]: 'Registered',
    });

    // One activity entry per record moved, from its status before; none for a record the round left out.
    const moved = await t.db
      .select({ subjectId: activity.subjectId, before: activity.statusBefore, after: activity.statusAfter })
      .from(activity)
      .where(
        and(
          eq(activity.action, 'AcceptMatch'),
          inArray(activity.subjectId, [
            records.biodiversityProjectId,
            records.registeredProjectId,
            records.losingNitrogenRequirementId,
            records.unbidRequirementId,
          ]),
        ),
      );
    expect(moved.sort((a, b) => (a.subjectId < b.subjectId ? -1 : 1))).toEqual(
      [
        { subjectId: records.biodiversityProjectId, before: 'Offered', after: 'Matched' },
        { subjectId: records.losingNitrogenRequirementId, before: 'Bid', after: 'Unmatched' },
      ].sort((a, b) => (a.subjectId < b.subjectId ? -1 : 1)),
    );

    const rows = await t.db.select().from(allocations).where(eq(allocations.marketRoundId, round.id));
    const biodiversity = rows
      .filter((row) => row.projectId === records.biodiversityProjectId)
      .map((row) => [row.requirementId, row.units, row.multiplier])
      .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
    expect(biodiversity).toEqual(
      [
        [wanted, 10, 1],
        [cheap, 2, 1],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    const nitrogen = rows.filter((row) => row.projectId === records.nitrogenProjectId);
    expect(nitrogen.length).toBeGreaterThan(0);
    for (const row of nitrogen) {
      expect(row.requirementId).toBe(records.nitrogenRequirementId);
      expect(row.units).toBe(10);
      expect(row.year).toBeGreaterThanOrEqual(2027);
    }
    expect(rows.every((row) => Math.round(row.units * 100) === row.units * 100)).toBe(true);

    const actual = await t.db
      .select({
        requirementId: requirementCredits.requirementId,
        actualUnits: requirementCredits.actualUnits,
      })
      .from(requirementCredits)
      .where(inArray(requirementCredits.requirementId, [wanted, cheap, records.losingNitrogenRequirementId]));
    expect(Object.fromEntries(actual.map((row) => [row.requirementId, row.actualUnits]))).toEqual({
      [wanted]: 10,
      [cheap]: 2,
      [records.losingNitrogenRequirementId]: null,
    });

    const paid = await t.db.select().from(payments).where(eq(payments.marketRoundId, round.id));
    expect(paid.map((row) => row.partyId).sort()).toEqual(
      [
        wanted,
        cheap,
        records.nitrogenRequirementId,
        records.biodiversityProjectId,
        records.nitrogenProjectId,
      ].sort(),
    );
    expect(paid.every((row) => Number.isInteger(row.amountPence) && Number.isInteger(row.feesPence))).toBe(
      true,
    );
    const ins = paid
      .filter((row) => row.party === 'requirement')
      .reduce((sum, row) => sum + row.amountPence, 0);
    const outs = paid.filter((row) => row.party === 'project').reduce((sum, row) => sum + row.amountPence, 0);
    expect(Math.abs(ins - outs)).toBeLessThanOrEqual(2);
    const meadow = paid.find((row) => row.partyId === records.biodiversityProjectId);
    expect(meadow?.feesPence).toBe(20_000);
    expect(meadow?.amountPence).toBeGreaterThanOrEqual(220_000);
    expect(
      await t.db.select().from(reservedCredits).where(eq(reservedCredits.marketRoundId, round.id)),
    ).toEqual([]);

    // Each participant sees its own outcome on its own records, and nobody else's.
    const supplierView = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/project/${records.biodiversityProjectId}`,
    );
    expect(supplierView.statusCode).toBe(200);
    expect(supplierView.json().outcome).toEqual({
      won: true,
      units: [{ creditType: 'Biodiversity', units: 12 }],
      amountPence: meadow?.amountPence,
      feesPence: 20_000,
      reason: null,
    });
    const buyerCookie = { cookie: world.otherParticipant.cookie };
    const lost = await requestJson(
      t.app,
      'GET',
      `/api/requirement/${records.losingNitrogenRequirementId}`,
      undefined,
      buyerCookie,
    );
    expect(lost.statusCode).toBe(200);
    expect(lost.json().outcome).toEqual({
      won: false,
      units: [],
      amountPence: 0,
      feesPence: 0,
      reason: expect.any(String),
    });
    expect(lost.json().outcome.reason.length).toBeGreaterThan(10);
    const won = await requestJson(t.app, 'GET', `/api/requirement/${wanted}`, undefined, buyerCookie);
    expect(won.json().outcome).toMatchObject({
      won: true,
      units: [{ creditType: 'Biodiversity', units: 10 }],
      reason: null,
    });
    expect(
      (
        await requestJson(
          t.app,
          'GET',
          `/api/project/${records.biodiversityProjectId}`,
          undefined,
          buyerCookie,
        )
      ).statusCode,
    ).toBe(404);
    expect((await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${wanted}`)).statusCode).toBe(
      404,
    );
    // The LPA of another area does not see the project at all.
    expect(
      (await asRole(t.app, world, 'lpa', 'GET', `/api/project/${records.biodiversityProjectId}`)).statusCode,
    ).toBe(404);
  });

  it('changes nothing and leaves the round Pending when a step fails mid-way', async () => {
    const { round, records } = await pendingRound();
    // A winning requirement no longer allows the edge to RightsCreated: every project has moved by then.
    const [wanted] = records.biodiversityRequirementIds;
    if (!wanted) throw new Error('No requirement');
    await t.db
      .update(creditRequirements)
      .set({ status: 'Registered' })
      .where(eq(creditRequirements.id, wanted));
    const refused = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/AcceptMatch`,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Accept match is not possible while this credit requirement is registered',
    );
    expect(await roundStatus(round.id)).toBe('Pending');
    expect(await projectStatuses([records.biodiversityProjectId, records.nitrogenProjectId])).toEqual({
      [records.biodiversityProjectId]: 'Offered',
      [records.nitrogenProjectId]: 'Offered',
    });
    const ids = [
      ...records.biodiversityRequirementIds,
      records.nitrogenRequirementId,
      records.losingNitrogenRequirementId,
    ];
    expect(await requirementStatuses(ids)).toEqual(
      Object.fromEntries(ids.map((id) => [id, id === wanted ? 'Registered' : 'Bid'])),
    );
    expect(
      await t.db
        .select()
        .from(activity)
        .where(
          and(
            eq(activity.action, 'AcceptMatch'),
            inArray(activity.subjectId, [...ids, records.biodiversityProjectId]),
          ),
        ),
    ).toEqual([]);
    expect(await t.db.select().from(allocations).where(eq(allocations.marketRoundId, round.id))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.marketRoundId, round.id))).toEqual([]);
    const actual = await t.db
      .select({ actualUnits: requirementCredits.actualUnits })
      .from(requirementCredits)
      .where(inArray(requirementCredits.requirementId, ids));
    expect(actual.every((row) => row.actualUnits === null)).toBe(true);
  });

  it('is refused without a result', async () => {
    const round = await buildRound(t.db, 'Pending');
    const refused = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/AcceptMatch`,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('There is no matching result to accept yet');
  });
});
