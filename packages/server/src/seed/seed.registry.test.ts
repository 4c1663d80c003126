import { complianceStanding } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { reservedCredits } from '../modules/match/match.tables.ts';
import { projects } from '../modules/projects/projects.tables.ts';
import { seedReferenceData } from '../modules/refdata/index.ts';
import { creditRequirements } from '../modules/requirements/requirements.tables.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import { creditEvents } from '../modules/settlement/settlement.tables.ts';
import { systemClock } from '../platform/clock.ts';
import { historyYear } from './seed.dates.ts';
import { DEMO_EXCLUDED_BID } from './seed.registry.data.ts';
import { DEMO_SETTLING_ROUND } from './seed.registry.ts';
import { seedDemoData } from './seed.ts';

/** Round 1 2025's projects and requirements as the demo leaves them. */
const SETTLING_PROJECTS = [
  'Brading Marshes: Matched',
  'Havant Thicket Edge: Contracted',
  'Meon Valley Meadows: Monitoring',
  'Titchfield Haven Grassland: Monitoring',
  'Wickham Common Grassland: Verified',
];
const SETTLING_REQUIREMENTS = [
  'Botley Road homes: RightsAllocated',
  'Hamble Quay apartments: Unmatched',
  'Havant retail park: RightsAllocated',
  'Newport business park: RightsCreated',
  'Portchester care home: Retired',
  'Whiteley Farm housing: CreditsRedeemed',
];

describeWithApp("the demo market's Round 1 2025, cleared a year ago", (t) => {
  beforeAll(async () => {
    await seedReferenceData(t.db);
    await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock });
  });

  it('clears and accepts Round 1 2025 a year ago: its projects and requirements along the registry, every move in the ledger', async () => {
    const [round] = await t.db
      .select({ id: marketRounds.id })
      .from(marketRounds)
      .where(eq(marketRounds.name, DEMO_SETTLING_ROUND));
    const roundId = round?.id ?? '';
    const supply = await t.db
      .select({ name: projects.name, status: projects.status, outcomes: projects.outcomes })
      .from(projects)
      .where(eq(projects.marketRoundId, roundId))
      .orderBy(asc(projects.name));
    expect(supply.map((row) => `${row.name}: ${row.status}`)).toEqual(SETTLING_PROJECTS);
    expect(
      supply.filter((row) => complianceStanding(row.outcomes).nonCompliant).map((row) => row.name),
    ).toEqual(['Meon Valley Meadows']);
    const demand = await t.db
      .select({
        name: creditRequirements.name,
        status: creditRequirements.status,
        redemptionDate: creditRequirements.redemptionDate,
      })
      .from(creditRequirements)
      .where(eq(creditRequirements.marketRoundId, roundId))
      .orderBy(asc(creditRequirements.name));
    expect(demand.map((row) => `${row.name}: ${row.status}`)).toEqual(SETTLING_REQUIREMENTS);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      demand
        .filter(
          (row) =>
            !['CreditsRedeemed', 'Retired'].includes(row.status) && (row.redemptionDate ?? today) < today,
        )
        .map((row) => row.name),
    ).toEqual(['Botley Road homes']);
    expect(
      (await t.db.select().from(reservedCredits).where(eq(reservedCredits.marketRoundId, roundId))).length,
    ).toBeGreaterThan(0);
    const events = await t.db.select().from(creditEvents).where(eq(creditEvents.marketRoundId, roundId));
    expect([...new Set(events.map((event) => event.kind))].sort()).toEqual([
      'Allocated',
      'Created',
      'Issued',
      'Redeemed',
      'Reserved',
      'Retired',
    ]);
    const [first, second] = [historyYear(new Date(), 2025), historyYear(new Date(), 2026)];
    expect([...new Set(events.map((event) => event.at.getUTCFullYear()))].sort()).toEqual([first, second]);
    expect(events.every((event) => event.at.getTime() <= Date.now())).toBe(true);
  });

  it("keeps Round 1 2025's history: a result rejected, one bid excluded with its reason, the round matched again without it", async () => {
    const [round] = await t.db
      .select({ id: marketRounds.id })
      .from(marketRounds)
      .where(eq(marketRounds.name, DEMO_SETTLING_ROUND));
    const admin = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const trail = await requestJson(
      t.app,
      'GET',
      `/api/activity?subjectType=round&subjectId=${round?.id}&page=1&pageSize=50`,
      undefined,
      { cookie: admin },
    );
    expect(
      trail
        .json()
        .items.map(
          (item: { actionId: string; statusAfter: string | null }) => `${item.actionId} ${item.statusAfter}`,
        )
        .reverse(),
    ).toEqual([
      'CloseBidsAndOffers ClosedForBidsAndOffers',
      'Match Pending',
      'RejectMatch Rejected',
      'Match Pending',
      'AcceptMatch Matched',
    ]);
    const [slip] = await t.db
      .select({ id: creditRequirements.id })
      .from(creditRequirements)
      .where(eq(creditRequirements.name, DEMO_EXCLUDED_BID.demand.name));
    const buyer = await signIn(t.app, 'buyer', 'demo-password-for-tests');
    const record = await requestJson(t.app, 'GET', `/api/requirement/${slip?.id}`, undefined, {
      cookie: buyer,
    });
    expect(record.json()).toMatchObject({
      status: 'Unmatched',
      clearingExclusion: {
        reason: DEMO_EXCLUDED_BID.reason,
        at: `${historyYear(new Date(), 2025)}-05-06T10:00:00.000Z`,
      },
    });
    const own = await requestJson(
      t.app,
      'GET',
      `/api/activity?subjectType=requirement&subjectId=${slip?.id}&page=1&pageSize=50`,
      undefined,
      { cookie: buyer },
    );
    expect(own.json().items).toContainEqual(
      expect.objectContaining({
        actionId: 'ExcludeFromClearing',
        details: { reason: DEMO_EXCLUDED_BID.reason },
      }),
    );
  });

  it("registers Round 1 2025's supplier and buyer, who read their own registration and the round's statement", async () => {
    const [round] = await t.db
      .select({ id: marketRounds.id })
      .from(marketRounds)
      .where(eq(marketRounds.name, DEMO_SETTLING_ROUND));
    for (const [username, capacity] of [
      ['supplier', 'Supplier'],
      ['buyer', 'Buyer'],
    ] as const) {
      const cookie = await signIn(t.app, username, 'demo-password-for-tests');
      const own = await requestJson(t.app, 'GET', `/api/participations?roundId=${round?.id}`, undefined, {
        cookie,
      });
      expect(
        own.json().items.map((row: { capacity: string; status: string }) => `${row.capacity} ${row.status}`),
      ).toEqual([`${capacity} Registered`]);
      const statement = await requestJson(t.app, 'GET', `/api/round/${round?.id}/statement`, undefined, {
        cookie,
      });
      expect(statement.statusCode).toBe(200);
    }
    const investor = await signIn(t.app, 'investor', 'demo-password-for-tests');
    expect(
      (await requestJson(t.app, 'GET', `/api/round/${round?.id}/statement`, undefined, { cookie: investor }))
        .statusCode,
    ).toBe(404);
  });
});
