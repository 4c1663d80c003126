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
});
