import {
  biodiversityServiceUnits,
  isClaimOutOfLine,
  type OpportunityStatement,
  type Project,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { seedReferenceData } from '../modules/refdata/index.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import { systemClock } from '../platform/clock.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';
import { seedDemoData } from './seed.ts';

describeWithApp('demo data', (t) => {
  beforeAll(async () => {
    await seedReferenceData(t.db);
    await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock });
  });

  it('seeds credit requirements at every stage, sealed bids for the owner only, one AND group and the LPA area', async () => {
    const admin = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const all = await requestJson(t.app, 'GET', '/api/requirements?pageSize=100&sort=name', undefined, {
      cookie: admin,
    });
    const rows: {
      name: string;
      status: string;
      round: { name: string };
      creditTypes: string[];
      type: string;
    }[] = all.json().items;
    const inRound = (round: string) => rows.filter((row) => row.round.name === round);
    expect(
      inRound(DEMO_ROUNDS.open)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['Draft', 'Provisional', 'Provisional', 'Registered']);
    const bidding = inRound(DEMO_ROUNDS.bidding);
    expect(bidding.length).toBeGreaterThanOrEqual(8);
    expect(new Set(bidding.flatMap((row) => row.creditTypes))).toEqual(
      new Set(['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous']),
    );
    expect(bidding.filter((row) => row.status === 'Registered')).toHaveLength(1);
    expect(bidding.some((row) => row.type === 'Investor')).toBe(true);
    expect(inRound(DEMO_ROUNDS.closed)).toHaveLength(2);
    const groups = await requestJson(t.app, 'GET', '/api/requirement-groups', undefined, { cookie: admin });
    expect(groups.json().items).toHaveLength(1);
    expect(groups.json().items[0].requirements).toHaveLength(3);

    const buyer = await signIn(t.app, 'buyer', 'demo-password-for-tests');
    const own = await requestJson(
      t.app,
      'GET',
      `/api/requirements?q=Portsmouth%20Harbour%20Quarter%20-%20nitrogen`,
      undefined,
      { cookie: buyer },
    );
    const [nitrogen] = own.json().items;
    const record = await requestJson(t.app, 'GET', `/api/requirement/${nitrogen.id}`, undefined, {
      cookie: buyer,
    });
    expect(record.json()).toMatchObject({
      bid: { bid: 1950000, acceptOngoingOnly: false, bidOngoingOnly: null },
      buyerCredits: { nutrientType: 'both', nutrientOngoingUnits: 38, nutrientAdditionalUnits: 120 },
      development: { lpa: { name: 'Portsmouth LPA' }, subcatchment: { name: 'Solent' }, localOnly: true },
      group: { name: 'Portsmouth Harbour Quarter' },
    });
    const supplier = await signIn(t.app, 'supplier', 'demo-password-for-tests');
    expect(
      (await requestJson(t.app, 'GET', `/api/requirement/${nitrogen.id}`, undefined, { cookie: supplier }))
        .statusCode,
    ).toBe(404);
    expect(
      (await requestJson(t.app, 'GET', '/api/requirements', undefined, { cookie: supplier })).json().total,
    ).toBe(0);
    const lpa = await signIn(t.app, 'lpa', 'demo-password-for-tests');
    const area = await requestJson(t.app, 'GET', '/api/requirements', undefined, { cookie: lpa });
    expect(area.json().items.map((row: { name: string }) => row.name)).toEqual([
      'Truro Eastern District Centre - biodiversity',
    ]);
    const agent = await signIn(t.app, 'agent', 'demo-password-for-tests');
    const clients = await requestJson(t.app, 'GET', '/api/requirements?pageSize=100', undefined, {
      cookie: agent,
    });
    // Its clients: the buyer, and the investor in the open round only (where it holds the investor's authority).
    const seen = clients.json().items as { buyer: { name: string }; round: { name: string } }[];
    expect(new Set(seen.map((row) => row.buyer.name))).toEqual(
      new Set(['Kernow Homes Ltd', 'Greenshank Nature Fund']),
    );
    expect(
      new Set(seen.filter((row) => row.buyer.name === 'Greenshank Nature Fund').map((row) => row.round.name)),
    ).toEqual(new Set([DEMO_ROUNDS.open]));
  });

  it('seeds an authority the agent filed for the supplier, awaiting its answer, that the operator sees unconfirmed', async () => {
    const list = async (username: string) => {
      const cookie = await signIn(t.app, username, 'demo-password-for-tests');
      const answer = await requestJson(t.app, 'GET', '/api/agent-authorities?status=Pending', undefined, {
        cookie,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().items as {
        marketRound: { name: string };
        client: { name: string };
        uploadedBy: { displayName: string; organisation: { name: string } | null } | null;
        clientConfirmation: { status: string };
        actions: { id: string; enabled: boolean }[];
      }[];
    };
    const [asOperator, ...others] = await list('admin');
    expect(others).toEqual([]);
    expect(asOperator).toMatchObject({
      marketRound: { name: DEMO_ROUNDS.open },
      client: { name: 'Tamar Valley Habitat Bank' },
      uploadedBy: { displayName: 'Aled Morgan', organisation: { name: 'Estuary Land Agents' } },
      clientConfirmation: { status: 'Pending' },
    });
    const [asSupplier] = await list('supplier');
    const enabled = asSupplier?.actions.filter((action) => action.enabled).map((action) => action.id);
    expect(enabled).toEqual(['ConfirmAuthority', 'DeclineAuthority', 'ReplaceDocument']);
    expect(await list('buyer')).toEqual([]);
  });

  it('seeds projects at every stage, offered projects of every credit type in Round 3 2025 and an XOR group', async () => {
    const as = async (username: string, url: string) => {
      const cookie = await signIn(t.app, username, 'demo-password-for-tests');
      const response = await requestJson(t.app, 'GET', url, undefined, { cookie });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const all = await as('admin', '/api/projects?pageSize=100&sort=name');
    const byRound = (round: string) =>
      all.items
        .filter((item: { round: { name: string } | null }) => item.round?.name === round)
        .map((item: { name: string; status: string }) => `${item.name}: ${item.status}`);
    expect(byRound(DEMO_ROUNDS.open)).toEqual([
      'Botley Wood Edge: Registered',
      'Hamble Valley Grassland: Screened',
      'Hill Barn Meadows: Draft',
      'Whiteley Pastures: Certified',
    ]);
    const bidding = all.items.filter(
      (item: { round: { name: string } | null; status: string }) =>
        item.round?.name === DEMO_ROUNDS.bidding && item.status === 'Offered',
    );
    expect(bidding.length).toBeGreaterThanOrEqual(6);
    expect(
      [...new Set(bidding.flatMap((item: { creditTypes: string[] }) => item.creditTypes))].sort(),
    ).toEqual(['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous']);
    expect(byRound(DEMO_ROUNDS.bidding)).toContain('Swanwick Lakes Meadow: Certified');
    expect(byRound(DEMO_ROUNDS.closed)).toHaveLength(2);
    const lowerTest = bidding.find((item: { name: string }) => item.name === 'Lower Test Marshes');
    expect(lowerTest.group).toMatchObject({ name: 'Solent wetland alternatives', type: 'XOR' });
    const record = await as('agent', `/api/project/${lowerTest.id}`);
    expect(record.offer).toBe(780000);
    const biodiversity = record.services.find((service: { type: string }) => service.type === 'Biodiversity');
    expect(biodiversity.metricEstimate).toBeGreaterThan(0);
    expect(biodiversity.unitsPerPeriod.length).toBeGreaterThan(1);
    const [operatorRound] = (await as('admin', '/api/rounds?status=OpenForBidsAndOffers')).items;
    expect(operatorRound.summary).toMatchObject({ projects: 8, offers: 7 });
    const [buyerRound] = (await as('buyer', '/api/rounds?status=OpenForBidsAndOffers')).items;
    expect(buyerRound.summary).toMatchObject({ projects: 0, offers: 0 });
    expect((await as('buyer', '/api/projects')).items).toEqual([]);
    const lpa = await as('lpa', '/api/projects?sort=name');
    expect(lpa.items.map((item: { name: string }) => item.name)).toEqual([
      'Gunnislake Orchard Grassland',
      'Kit Hill Heath',
    ]);
    const lpaRecord = await as('lpa', `/api/project/${lpa.items[0].id}`);
    expect('offer' in lpaRecord).toBe(false);
    expect(lpaRecord.costs).toBeNull();
  });

  it("publishes the closed round's opportunity statement, public: its registered supply and demand, no names", async () => {
    const [round] = await t.db
      .select({ id: marketRounds.id })
      .from(marketRounds)
      .where(eq(marketRounds.name, DEMO_ROUNDS.closed));
    const answer = await requestJson(t.app, 'GET', `/api/public/round/${round?.id}/opportunity`);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json() as OpportunityStatement;
    expect(statement.isPublic).toBe(true);
    const [biodiversity] = statement.creditTypes;
    // Gunnislake Orchard Grassland (approved for the round); Kit Hill Heath failed screening.
    expect(biodiversity).toMatchObject({ creditType: 'Biodiversity', projects: 1 });
    expect(biodiversity?.supplyUnits).toBeGreaterThan(0);
    expect(biodiversity?.marketOperatorFee).toBe(2500);
    const lpas = statement.areas.filter((line) => line.kind === 'LPA' && line.creditType === 'Biodiversity');
    expect(lpas.reduce((total, line) => total + line.supplyUnits, 0)).toBe(biodiversity?.supplyUnits);
    expect(lpas.reduce((total, line) => total + line.demandUnits, 0)).toBe(biodiversity?.demandUnits);
    expect(answer.body).not.toContain('Gunnislake');
    expect(answer.body).not.toContain('Kit Hill');
  });

  it('claims for every demo biodiversity project what the statutory metric gives its habitat, so none is flagged', async () => {
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const list = await requestJson(t.app, 'GET', '/api/projects?pageSize=100&sort=name', undefined, {
      cookie,
    });
    const flagged: string[] = [];
    let checked = 0;
    for (const { id } of list.json().items as { id: string }[]) {
      const project = (
        await requestJson(t.app, 'GET', `/api/project/${id}`, undefined, { cookie })
      ).json() as Project;
      const estimate = project.services.find((service) => service.type === 'Biodiversity')?.metricEstimate;
      if (project.supply === null || estimate === undefined || estimate === null) continue;
      checked += 1;
      const claimed = biodiversityServiceUnits(project.supply);
      if (isClaimOutOfLine(claimed, estimate))
        flagged.push(`${project.name}: ${claimed} claimed, ${estimate} by the metric`);
    }
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(flagged).toEqual([]);
  });
});
