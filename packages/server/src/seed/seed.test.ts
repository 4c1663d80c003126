import {
  biodiversityServiceUnits,
  isClaimOutOfLine,
  type OpportunityStatement,
  type Project,
} from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { users } from '../auth/auth.tables.ts';
import { markets } from '../modules/markets/markets.tables.ts';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { seedReferenceData } from '../modules/refdata/index.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import { systemClock } from '../platform/clock.ts';
import { DEMO_SETTLING_ROUND } from './seed.registry.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';
import { DEMO_MARKET, seedDemoData } from './seed.ts';

describeWithApp('demo data', (t) => {
  it('creates one organisation per role and the eight demo users, who sign in with the demo password', async () => {
    // As at start: the reference data first, then the demo data that names it.
    await seedReferenceData(t.db);
    expect(await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock })).toBe(true);
    const rows = await t.db
      .select({
        username: users.username,
        email: users.email,
        groups: users.groups,
        type: organisations.type,
        organisation: organisations.name,
      })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .orderBy(asc(users.username));
    expect(rows).toEqual([
      {
        username: 'admin',
        email: 'admin@curlew.example',
        groups: ['admin'],
        type: 'OPER',
        organisation: 'Curlew Market Operator',
      },
      {
        username: 'agent',
        email: 'agent@curlew.example',
        groups: ['agent'],
        type: 'AGENT',
        organisation: 'Estuary Land Agents',
      },
      {
        username: 'buyer',
        email: 'buyer@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Kernow Homes Ltd',
      },
      {
        username: 'eastleigh',
        email: 'eastleigh@curlew.example',
        groups: ['lpa'],
        type: 'LPA',
        organisation: 'Eastleigh LPA',
      },
      {
        username: 'investor',
        email: 'investor@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Greenshank Nature Fund',
      },
      {
        username: 'lpa',
        email: 'lpa@curlew.example',
        groups: ['lpa'],
        type: 'LPA',
        organisation: 'Cornwall LPA',
      },
      {
        username: 'supplier',
        email: 'supplier@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Tamar Valley Habitat Bank',
      },
      {
        username: 'sysadmin',
        email: 'sysadmin@curlew.example',
        groups: ['admin', 'sysadmin'],
        type: 'OPER',
        organisation: 'Curlew Market Operator',
      },
    ]);
    for (const { username } of rows) await signIn(t.app, username, 'demo-password-for-tests');
  });

  it('shows the life of the demo market: a round being set up, one open for registration, one open for bids, one closed, one cleared a year ago', async () => {
    const rounds = await t.db
      .select({ market: markets.name, round: marketRounds.name, status: marketRounds.status })
      .from(marketRounds)
      .innerJoin(markets, eq(markets.id, marketRounds.marketId))
      .orderBy(marketRounds.name);
    expect(rounds).toEqual([
      { market: DEMO_MARKET.name, round: DEMO_SETTLING_ROUND, status: 'Matched' },
      { market: DEMO_MARKET.name, round: DEMO_ROUNDS.open, status: 'Open' },
      { market: DEMO_MARKET.name, round: DEMO_ROUNDS.closed, status: 'Closed' },
      { market: DEMO_MARKET.name, round: DEMO_ROUNDS.draft, status: 'Draft' },
      { market: DEMO_MARKET.name, round: DEMO_ROUNDS.bidding, status: 'OpenForBidsAndOffers' },
    ]);
    expect(DEMO_MARKET.round).toBe(DEMO_ROUNDS.open);
  });

  it("shows the draft round's page with what it still needs before it opens: dates done, the reserve and three categories to do", async () => {
    const [draft] = await t.db
      .select({ id: marketRounds.id })
      .from(marketRounds)
      .where(eq(marketRounds.name, DEMO_ROUNDS.draft));
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const round = await requestJson(t.app, 'GET', `/api/round/${draft?.id}`, undefined, { cookie });
    expect(round.statusCode, round.body).toBe(200);
    const items: { id: string; done: boolean }[] = round.json().checklist;
    expect(items.map(({ id, done }) => [id, done])).toEqual([
      ['dates', true],
      ['reserve', false],
      ['declarations.MarketRoundParticipant_Register', true],
      ['declarations.MarketRoundProject_Register', true],
      ['declarations.MarketRoundCreditRequirement_Register', false],
      ['declarations.MarketRoundProject_Offer', false],
      ['declarations.MarketRoundCreditRequirement_Bid', false],
    ]);
    expect(round.json().actions.find((action: { id: string }) => action.id === 'Open')).toMatchObject({
      enabled: false,
    });
  });

  it('opens Round 1 2026 with its windows open today, declarations, a 15 % reserve and participants', async () => {
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const list = await requestJson(t.app, 'GET', '/api/rounds?status=Open', undefined, { cookie });
    expect(list.statusCode).toBe(200);
    const [round] = list.json().items;
    expect(round.name).toBe(DEMO_ROUNDS.open);
    expect(round.reserve).toEqual({ percentage: 15, appliesTo: 'allDemand', agreedWithEMB: true });
    expect(round.declarations).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      round.registrationDates.suppliers.start <= today && today <= round.registrationDates.suppliers.end,
    ).toBe(true);
    expect(round.summary.participations.Supplier.Registered).toBe(1);
    expect(round.summary.participations.Buyer.Provisional).toBe(1);
    expect(round.summary.participations.Investor.Registered).toBe(1);
    const open = round.actions.find((action: { id: string }) => action.id === 'Close');
    expect(open).toMatchObject({ enabled: true });
  });

  it('shows the system administrator an outbox of round e-mails in every state, each linking to its round', async () => {
    const cookie = await signIn(t.app, 'sysadmin', 'demo-password-for-tests');
    const outbox = await requestJson(t.app, 'GET', '/api/mail', undefined, { cookie });
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect(outbox.json().counts).toEqual({ Pending: 2, Sending: 0, Sent: 4, Failed: 1 });
    const items: { subject: string; link: string; status: string; lastError: string | null }[] =
      outbox.json().items;
    const [rounds, [market]] = await Promise.all([
      t.db.select().from(marketRounds),
      t.db.select().from(markets),
    ]);
    for (const mail of items) {
      const round = rounds.find((each) => mail.subject.includes(` - ${each.name} `));
      expect(mail.link).toBe(`http://localhost:3000/markets/${market?.id}/round/${round?.id}`);
    }
    expect(items.find((mail) => mail.status === 'Failed')?.lastError).toContain('550');
  });

  it('seeds only a database without users', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    expect(await seedDemoData(t.db, { password: 'another-password-1', clock: systemClock })).toBe(false);
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(await t.db.select({ id: marketRounds.id }).from(marketRounds)).toHaveLength(5);
  });

  it('counts the projects, offers, requirements and bids of Round 3 2025 on its summary', async () => {
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const list = await requestJson(t.app, 'GET', '/api/rounds?status=OpenForBidsAndOffers', undefined, {
      cookie,
    });
    expect(list.statusCode).toBe(200);
    const [round] = list.json().items;
    const { participations: _counts, ...summary } = round.summary;
    expect(summary).toEqual({ projects: 8, offers: 7, requirements: 10, bids: 9 });
  });

  it('opens Round 3 2025 for bids and offers in biodiversity, nitrogen and phosphorus, the agent acting for supplier and buyer', async () => {
    const cookie = await signIn(t.app, 'agent', 'demo-password-for-tests');
    const list = await requestJson(t.app, 'GET', '/api/rounds?status=OpenForBidsAndOffers', undefined, {
      cookie,
    });
    expect(list.statusCode).toBe(200);
    const [round] = list.json().items;
    expect(round.name).toBe(DEMO_ROUNDS.bidding);
    expect(round.services).toEqual([
      'Biodiversity',
      'NutrientMitigationNitrogen',
      'NutrientMitigationPhosphorous',
    ]);
    expect(round.ampEnd).toBe('2030-03-31');
    const participations = await requestJson(
      t.app,
      'GET',
      `/api/participations?roundId=${round.id}&sort=organisation&order=asc`,
      undefined,
      { cookie },
    );
    expect(participations.statusCode).toBe(200);
    expect(
      participations
        .json()
        .items.map((row: { capacity: string; status: string }) => `${row.capacity} ${row.status}`)
        .sort(),
    ).toEqual(['Buyer Registered', 'Supplier Registered']);
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
