import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, postMultipart, type World } from '../../../test/world.ts';
import { buildClearableRound, type ClearableRound } from '../match/match.testing.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { pdf } from '../requirements/requirements.testing.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { certificateData } from './certificate.data.ts';
import { CERTIFICATE_NOT_YET } from './settlement.routes.ts';
import { creditEvents } from './settlement.tables.ts';
import { clearAndAccept, contract } from './settlement.testing.ts';

describeWithApp('after the round: rights, credits, monitoring and Settle through the API', (t) => {
  let world: World;
  let round: { id: string; name: string };
  let records: ClearableRound;
  let housing: string;
  let barn: string;

  const post = (url: string, body: Record<string, unknown> = {}) =>
    asRole(t.app, world, 'admin', 'POST', url, body);
  const allocate = (id: string) =>
    postMultipart(
      t.app,
      `/api/requirement/${id}/action/AllocateRights`,
      {},
      { certificate: pdf('certificate.pdf') },
      world.members.admin.cookie,
    );
  const check = (id: string, values: Record<string, unknown>) =>
    post(`/api/project/${id}/action/RecordComplianceCheck`, {
      date: '2026-06-01',
      name: 'Cat Checker',
      organisation: 'Curlew',
      ...values,
    });
  const verifyAs = (id: string, isPass: boolean) =>
    post(`/api/project/${id}/action/Verify`, {
      date: '2026-01-10',
      name: 'Vera Verifier',
      organisation: 'Verify Ltd',
      isPass,
      ...(isPass ? {} : { failReason: 'Fencing missing' }),
    });
  const statusOf = async (kind: 'project' | 'requirement', id: string) =>
    (await asRole(t.app, world, 'admin', 'GET', `/api/${kind}/${id}`)).json();
  const creditStatuses = async (id: string) =>
    (await t.db.select().from(requirementCredits).where(eq(requirementCredits.requirementId, id)))
      .map((row) => row.status)
      .sort();

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    round = await buildRound(t.db, 'ClosedForBidsAndOffers', 'Round 1 2027');
    records = await buildClearableRound(t.db, round.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    [housing, barn] = records.biodiversityRequirementIds;
    await clearAndAccept(t.app, t.db, world, t.clock.now, round.id);
  });

  it('refuses AllocateRights and Settle, naming the projects not contracted and the requirements waiting', async () => {
    const refused = await allocate(housing);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Every supplying project must be contracted before rights are allocated: Meadow restoration is not contracted yet',
    );
    const settle = await post(`/api/round/${round.id}/action/Settle`);
    expect(settle.statusCode).toBe(409);
    expect(settle.json().message).toBe(
      'The round cannot be settled: Meadow restoration and Wetland nitrogen are not contracted yet; the rights of Barn conversion, Housing at Mill Lane and Riverside homes are not allocated yet',
    );
    const certificate = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      `/api/requirement/${housing}/certificate.pdf`,
    );
    expect(certificate.statusCode).toBe(409);
    expect(certificate.json().message).toBe(CERTIFICATE_NOT_YET);
  });

  it('allocates rights once the supplying project is contracted; the credit moves and the ledger records it', async () => {
    await contract(t.app, world, records.biodiversityProjectId);
    expect((await statusOf('project', records.biodiversityProjectId)).status).toBe('Contracted');
    const allocated = await allocate(housing);
    expect(allocated.statusCode).toBe(200);
    expect(allocated.json().message).toBe('Rights allocated: 10.00 units');
    expect((await statusOf('requirement', housing)).status).toBe('RightsAllocated');
    expect(await creditStatuses(housing)).toEqual(['RightsAllocated']);
  });

  it('serves the certificate PDF to the operator, the owner and the LPA of the development, 404 to others', async () => {
    const [row] = await t.db
      .select({ lpaId: creditRequirements.lpaId })
      .from(creditRequirements)
      .where(eq(creditRequirements.id, housing));
    await t.db
      .update(organisations)
      .set({ lpaId: row?.lpaId ?? null })
      .where(eq(organisations.id, world.members.lpa.organisation.id));
    const get = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/requirement/${housing}/certificate.pdf`,
        headers: { cookie },
      });
    for (const cookie of [
      world.members.admin.cookie,
      world.otherParticipant.cookie,
      world.members.lpa.cookie,
    ]) {
      const answer = await get(cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="Credit allocation certificate - Housing at Mill Lane.pdf"',
      );
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const cookie of [world.members.participant.cookie, world.members.agent.cookie]) {
      const answer = await get(cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('This credit requirement does not exist or you cannot see it');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/requirement/${housing}/certificate.pdf` })).statusCode,
    ).toBe(401);
    // What it states: the development, the round, the credits and each source project with its place.
    const record = await requirementKind.load(t.db, housing);
    const stated = record === undefined ? undefined : await certificateData(t.db, record);
    expect(stated).toMatchObject({
      requirement: 'Housing at Mill Lane',
      owner: world.otherParticipant.organisation.name,
      planningRef: record?.planningRef,
      round: 'Round 1 2027',
      status: 'RightsAllocated',
      credits: [{ creditType: 'Biodiversity', units: 10, duration: 'Permanent' }],
      sources: [
        {
          project: 'Meadow restoration',
          creditType: 'Biodiversity',
          units: 10,
          fromReserve: false,
          lpa: record?.lpaName,
        },
      ],
    });
    expect(stated?.sources[0]?.nca).toMatch(/^Test NCA/);
  });

  it('verifies (fail, then pass), issues only once verified, monitors and marks non-compliance with its next action', async () => {
    const early = await post(`/api/requirement/${housing}/action/IssueCredits`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Every supplying project must be verified before credits are issued: Meadow restoration is not verified yet',
    );
    const failed = await verifyAs(records.biodiversityProjectId, false);
    expect(failed.json().message).toBe('Verification failed');
    expect((await statusOf('project', records.biodiversityProjectId)).status).toBe('FailedVerification');
    expect((await post(`/api/requirement/${housing}/action/IssueCredits`)).statusCode).toBe(409);
    expect((await verifyAs(records.biodiversityProjectId, true)).statusCode).toBe(200);
    expect((await statusOf('project', records.biodiversityProjectId)).status).toBe('Verified');
    const issued = await post(`/api/requirement/${housing}/action/IssueCredits`);
    expect(issued.json().message).toBe('Credits issued: 10.00 units');
    expect(await creditStatuses(housing)).toEqual(['Issued']);

    const performance = await postMultipart(
      t.app,
      `/api/project/${records.biodiversityProjectId}/action/RecordPerformanceCheck`,
      { date: '2026-05-01', name: 'Pat Performance', organisation: 'Curlew' },
      { PerformanceReport: pdf('performance.pdf') },
      world.members.admin.cookie,
    );
    expect(performance.json().message).toBe('Performance check recorded');
    expect(await statusOf('project', records.biodiversityProjectId)).toMatchObject({
      status: 'Monitoring',
      nonCompliant: false,
      complianceNextAction: null,
    });
    const rectify = await check(records.biodiversityProjectId, {
      isYesNoPass: false,
      failReason: 'Fence down',
      nextAction: { action: 'Rectify', date: '2027-07-01' },
    });
    expect(rectify.json().message).toBe('Non-compliance recorded');
    expect(await statusOf('project', records.biodiversityProjectId)).toMatchObject({
      status: 'Monitoring',
      nonCompliant: true,
      complianceNextAction: { action: 'Rectify', date: '2027-07-01' },
    });
    expect((await check(records.biodiversityProjectId, { isYesNoPass: true })).json().message).toBe(
      'Compliance check recorded',
    );
    expect(await statusOf('project', records.biodiversityProjectId)).toMatchObject({
      nonCompliant: false,
      complianceNextAction: null,
    });
  });

  it('redeems against the planning reference (the owner) and retires (the operator)', async () => {
    const [row] = await t.db
      .select({ planningRef: creditRequirements.planningRef })
      .from(creditRequirements)
      .where(eq(creditRequirements.id, housing));
    const redeemed = await postMultipart(
      t.app,
      `/api/requirement/${housing}/action/RedeemCredits`,
      {},
      { redeemNotice: pdf('notice.pdf') },
      world.otherParticipant.cookie,
    );
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().message).toBe(
      `Credits redeemed against planning reference ${row?.planningRef}: 10.00 units`,
    );
    const again = await postMultipart(
      t.app,
      `/api/requirement/${housing}/action/RedeemCredits`,
      {},
      { redeemNotice: pdf('notice.pdf') },
      world.otherParticipant.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Redeem credits is not possible while this credit requirement is credits redeemed',
    );
    const retired = await post(`/api/requirement/${housing}/action/Retire`);
    expect(retired.json().message).toBe('Credits retired: 10.00 units');
    expect(await creditStatuses(housing)).toEqual(['Retired']);
  });

  it('settles once every winner is contracted and every matched requirement allocated; the ledger matches the tables', async () => {
    await contract(t.app, world, records.nitrogenProjectId);
    expect((await allocate(barn)).statusCode).toBe(200);
    const settle = await post(`/api/round/${round.id}/action/Settle`);
    expect(settle.json().message).toBe(
      'The round cannot be settled: the rights of Riverside homes are not allocated yet',
    );
    expect((await allocate(records.nitrogenRequirementId)).statusCode).toBe(200);
    const settled = await post(`/api/round/${round.id}/action/Settle`);
    expect(settled.statusCode).toBe(200);
    expect(settled.json().message).toBe('Round 1 2027 is settled');
    const [row] = await t.db
      .select({ status: marketRounds.status })
      .from(marketRounds)
      .where(eq(marketRounds.id, round.id));
    expect(row?.status).toBe('Settled');

    const ids = [housing, barn, records.nitrogenRequirementId];
    const credits = await t.db
      .select()
      .from(requirementCredits)
      .where(inArray(requirementCredits.requirementId, ids));
    const events = await t.db.select().from(creditEvents).where(eq(creditEvents.marketRoundId, round.id));
    const ledger = (creditId: string) =>
      events
        .filter((event) => event.requirementCreditId === creditId)
        .map((event) => `${event.kind} ${event.units.toFixed(2)}`);
    expect(Object.fromEntries(credits.map((credit) => [credit.status, ledger(credit.id)]))).toEqual({
      Retired: ['Created 10.00', 'Allocated 10.00', 'Issued 10.00', 'Redeemed 10.00', 'Retired 10.00'],
      RightsAllocated: ['Created 10.00', 'Allocated 10.00'],
    });
    expect(ledger(credits.find((credit) => credit.requirementId === barn)?.id ?? '')).toEqual([
      'Created 2.00',
      'Allocated 2.00',
    ]);
  });
});
