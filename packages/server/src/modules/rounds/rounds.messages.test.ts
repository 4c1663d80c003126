import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { subcatchments } from '../refdata/refdata.tables.ts';
import { buildRoundReferences, declareEverything, readyToOpen, setRoundStatus } from './rounds.testing.ts';

type Problem = { path: string; message: string };

describeWithApp('market round rules (SPEC 5) through the API', (t) => {
  let world: World;
  let marketId: string;
  let references: { standardId: string; projectTypeId: string };
  let subcatchmentId: string;

  const post = (url: string, body: unknown) => asRole(t.app, world, 'admin', 'POST', url, body);
  const problems = async (url: string, body: unknown): Promise<Problem[]> => {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBe(422);
    return response.json().errors;
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    references = await buildRoundReferences(t.db);
    const [row] = await t.db
      .insert(subcatchments)
      .values({ name: 'Test catchment', nutrient: 'N' })
      .returning({ id: subcatchments.id });
    subcatchmentId = row?.id ?? '';
    const market = await post('/api/markets', { name: 'Solent test market', buyerShareOfSurplus: 0.5 });
    expect(market.statusCode, market.body).toBe(201);
    marketId = market.json().context.id;
  });

  const round = () => ({
    marketId,
    name: 'Round A',
    services: ['Biodiversity'],
    standardIds: [references.standardId],
    projectTypeIds: [references.projectTypeId],
    ncaIds: [],
    lpaIds: [],
    bidderType: 'BuyersAndInvestors',
  });

  it('requires name, market, bidder type and at least one service, standard and project type', async () => {
    const errors = await problems('/api/rounds', {});
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'marketId', message: 'Field required' },
        { path: 'name', message: 'Field required' },
        { path: 'services', message: 'Field required' },
        { path: 'standardIds', message: 'Field required' },
        { path: 'projectTypeIds', message: 'Field required' },
        { path: 'ncaIds', message: 'Field required' },
        { path: 'lpaIds', message: 'Field required' },
        { path: 'bidderType', message: 'Field required' },
      ]),
    );
    const empty = await problems('/api/rounds', {
      ...round(),
      services: [],
      standardIds: [],
      projectTypeIds: [],
    });
    expect(empty.map((problem) => problem.path).sort()).toEqual([
      'projectTypeIds',
      'services',
      'standardIds',
    ]);
  });

  it('needs the AMP end and a subcatchment for a nitrogen or phosphorous service', async () => {
    const nitrogen = { ...round(), services: ['NutrientMitigationNitrogen'] };
    expect(await problems('/api/rounds', nitrogen)).toEqual(
      expect.arrayContaining([
        { path: 'ampEnd', message: 'Field required' },
        { path: 'subcatchmentIds', message: 'Field required' },
      ]),
    );
    expect(await problems('/api/rounds', { ...nitrogen, ampEnd: '2030-03-31', subcatchmentIds: [] })).toEqual(
      [{ path: 'subcatchmentIds', message: 'Empty array' }],
    );
    const created = await post('/api/rounds', {
      ...nitrogen,
      ampEnd: '2030-03-31',
      subcatchmentIds: [subcatchmentId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const shown = await asRole(t.app, world, 'admin', 'GET', `/api/round/${created.json().context.id}`);
    expect(shown.json()).toMatchObject({
      status: 'Draft',
      ampEnd: '2030-03-31',
      subcatchments: [{ id: subcatchmentId, name: 'Test catchment' }],
      market: { id: marketId },
    });
  });

  it('checks registration dates, the reserve and removing a declaration', async () => {
    const created = await post('/api/rounds', round());
    const id = created.json().context.id;
    const window = { start: '2026-03-01', end: '2026-02-01' };
    const dates = await problems(`/api/round/${id}/action/SetRegistrationDates`, {
      suppliers: window,
      buyers: { start: '2026-01-01', end: '2026-02-01' },
      projects: { start: '2026-01-01', end: '2026-02-01' },
      requirements: { start: '2026-01-01', end: '2026-02-01' },
    });
    expect(dates).toEqual([{ path: 'suppliers.end', message: 'Must be after start date' }]);
    const reserve = (values: object) => problems(`/api/round/${id}/action/SetReserveInfo`, values);
    expect(await reserve({ percentage: 100, appliesTo: 'allDemand', agreedWithEMB: true })).toEqual([
      { path: 'percentage', message: '100% is not valid for the credit reserve' },
    ]);
    expect(await reserve({ percentage: 'lots', appliesTo: 'allDemand', agreedWithEMB: true })).toEqual([
      { path: 'percentage', message: 'Field required' },
    ]);
    expect(await reserve({ percentage: 15, appliesTo: 'allDemand', agreedWithEMB: false })).toEqual([
      { path: 'agreedWithEMB', message: 'Must be agreed to' },
    ]);
    const outside = await post(`/api/round/${id}/action/SetReserveInfo`, {
      percentage: 25,
      appliesTo: 'supply',
      agreedWithEMB: true,
    });
    expect(outside.statusCode, outside.body).toBe(200);
    const shown = await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}`);
    expect(shown.json().reserve).toEqual({ percentage: 25, appliesTo: 'supply', agreedWithEMB: true });
    const declared = await declareEverything(t.db, id);
    const remove = await problems(`/api/round/${id}/action/RemoveDeclaration`, {
      declarationId: declared.MarketRoundProject_Offer,
      confirmed: false,
    });
    expect(remove.map((problem) => problem.path)).toEqual(['confirmed']);
  });

  it('refuses Open while the round misses something, naming it, then opens without a tick and e-mails participants', async () => {
    const created = await post('/api/rounds', { ...round(), name: 'Round B' });
    const id = created.json().context.id;
    const refused = await post(`/api/round/${id}/action/Open`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      'declarations asked at participant registration (none for participants and agents yet)',
    );
    const shown = await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}`);
    const open = shown.json().actions.find((action: { id: string }) => action.id === 'Open');
    expect(open).toMatchObject({ enabled: false, reason: refused.json().message });
    await readyToOpen(t.db, id);
    expect((await post(`/api/round/${id}/action/Open`, {})).statusCode).toBe(200);
    const recorded = await post(`/api/round/${id}/action/RecordParticipant`, {
      organisationId: world.members.participant.organisation.id,
      capacity: 'Supplier',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await post(`/api/round/${id}/action/Close`, {})).statusCode).toBe(200);
    const mails = await t.db.select().from(mailOutbox);
    const to = world.members.participant.user.email.toLowerCase();
    expect(mails.filter((mail) => mail.to.toLowerCase() === to).map((mail) => mail.subject)).toContain(
      'Registration for Solent test market - Round B has closed',
    );
    await setRoundStatus(t.db, id, 'Closed');
  });

  it('offers the create actions with the markets and rounds lists: enabled for the operator only', async () => {
    const createOf = async (role: 'admin' | 'participant', url: string, id: string) => {
      const response = await asRole(t.app, world, role, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().actions.find((action: { id: string }) => action.id === id);
    };
    expect(await createOf('admin', '/api/markets', 'CreateMarket')).toMatchObject({ enabled: true });
    expect(await createOf('admin', `/api/rounds?marketId=${marketId}`, 'CreateRound')).toMatchObject({
      enabled: true,
    });
    expect(await createOf('participant', '/api/markets', 'CreateMarket')).toMatchObject({ enabled: false });
    expect(await createOf('participant', '/api/rounds', 'CreateRound')).toMatchObject({ enabled: false });
  });
});
