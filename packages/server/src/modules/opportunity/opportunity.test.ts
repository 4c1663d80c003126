import type { MarketRound, OpportunityStatement, OpportunityStatementAnswer } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildPlaces, buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import {
  asRole,
  buildAgentAuthority,
  buildRound,
  buildWorld,
  type Member,
  type World,
} from '../../../test/world.ts';
import { projectServices } from '../projects/projects.tables.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';
import { ALREADY_PUBLISHED, NOT_PUBLISHED_YET } from './opportunity.publish.ts';
import { PUBLIC_OPPORTUNITY_RATE_LIMIT } from './opportunity.routes.ts';

const SECRET_PRICES = ['777.77', '777,77', '999.99', '999,99', '424.24'];

describeWithApp('the opportunity statement of a round', (t) => {
  let world: World;
  let roundId: string;
  let otherRoundId: string;
  let strangerOfRound: Member;
  const names: string[] = [];
  const places = { a: { lpa: '', nca: '', sub: '' }, b: { lpa: '', nca: '', sub: '' } };

  const path = (id = roundId) => `/api/round/${id}/opportunity`;
  const publicPath = (id = roundId) => `/api/public/round/${id}/opportunity`;
  const act = (actionId: string, values: Record<string, unknown> = {}) =>
    asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/${actionId}`, values);
  const readAs = (cookie: string, url: string) =>
    requestJson(t.app, 'GET', url, undefined, cookie === '' ? {} : { cookie });
  const roundActions = async () => {
    const response = await asRole(t.app, world, 'admin', 'GET', `/api/round/${roundId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MarketRound).actions;
  };
  const expectNoIdentityOrPrice = (body: string) => {
    for (const name of names) expect(body, name).not.toContain(name);
    for (const price of SECRET_PRICES) expect(body, price).not.toContain(price);
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = (await buildRound(t.db, 'Closed', 'Solent autumn round')).id;
    await t.db
      .update(marketRounds)
      .set({
        services: ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'],
        registrationDates: {
          suppliers: { start: '2026-09-01', end: '2026-09-30' },
          projects: { start: '2026-09-01', end: '2026-10-15' },
        },
        ampEnd: '2030-03-31',
        reservePercentage: 15,
        reserveAppliesTo: 'allDemand',
        reserveAgreedWithEMB: true,
      })
      .where(eq(marketRounds.id, roundId));
    otherRoundId = world.openRound.id;

    const a = await buildPlaces(t.db);
    const b = await buildPlaces(t.db);
    const nameOf = async (place: { lpaId: string; ncaId: string; subcatchmentId: string }) => ({
      lpa: (await t.db.select({ n: lpas.name }).from(lpas).where(eq(lpas.id, place.lpaId)))[0]?.n ?? '',
      nca: (await t.db.select({ n: ncas.name }).from(ncas).where(eq(ncas.id, place.ncaId)))[0]?.n ?? '',
      sub:
        (
          await t.db
            .select({ n: subcatchments.name })
            .from(subcatchments)
            .where(eq(subcatchments.id, place.subcatchmentId))
        )[0]?.n ?? '',
    });
    places.a = await nameOf(a);
    places.b = await nameOf(b);

    // The participant supplies in this round; a member of another round's participant does not take part in it.
    const supplier = world.members.participant.organisation;
    await buildParticipation(t.db, { roundId, organisationId: supplier.id, status: 'Registered' });
    strangerOfRound = world.otherParticipant;
    await buildParticipation(t.db, {
      roundId: otherRoundId,
      organisationId: strangerOfRound.organisation.id,
    });
    const buyer = await buildOrganisation(t.db, { name: 'Kingfisher Homes Limited' });
    names.push(supplier.name, buyer.name);

    const inA = { lpaId: a.lpaId, ncaId: a.ncaId, subcatchmentId: a.subcatchmentId };
    const p1 = await buildProject(t.db, {
      roundId,
      name: 'Heron Marsh Meadows',
      status: 'Registered',
      supplierId: supplier.id,
      ...inA,
      gainsPerYear: [0, 5, 12.5],
      baselineUnitsLost: 2.25,
      marketOperatorFee: 100,
      complianceMonitoring: 50,
      performanceMonitoring: 25,
      offer: 777.77,
      services: [{ type: 'Biodiversity' }],
    });
    const p2 = await buildProject(t.db, {
      roundId,
      name: 'Curlew Farm Wetland',
      status: 'Certified',
      supplierId: supplier.id,
      lpaId: b.lpaId,
      marketOperatorFee: 200,
      performanceMonitoring: 10,
      offer: 424.24,
      services: [
        { type: 'NutrientMitigationNitrogen', units: 30, status: 'Certified' },
        { type: 'NutrientMitigationNitrogen', units: 100, status: 'NotCertified' },
        { type: 'NutrientMitigationPhosphorous', units: 4.5, status: 'Certified' },
      ],
    });
    // Neither a draft nor a failed project is registered supply.
    const p3 = await buildProject(t.db, {
      roundId,
      name: 'Draft Copse',
      status: 'Draft',
      supplierId: supplier.id,
      services: [{ type: 'NutrientMitigationNitrogen', units: 1000 }],
    });
    const p4 = await buildProject(t.db, {
      roundId,
      name: 'Failed Fen',
      status: 'FailedScreening',
      supplierId: supplier.id,
      gainsPerYear: [50],
      services: [{ type: 'Biodiversity' }],
    });
    names.push(p1.name, p2.name, p3.name, p4.name);

    const r1 = 'Kingfisher Quay phase 2';
    await buildRequirement(t.db, {
      roundId,
      name: r1,
      status: 'Registered',
      buyerId: buyer.id,
      lpaId: a.lpaId,
      bid: 999.99,
    });
    const r2 = 'Osprey Lane homes';
    await buildRequirement(t.db, {
      roundId,
      name: r2,
      status: 'Provisional',
      creditType: 'NutrientMitigationNitrogen',
      buyerId: buyer.id,
      lpaId: b.lpaId,
    });
    const r3 = 'Draft development';
    await buildRequirement(t.db, {
      roundId,
      name: r3,
      status: 'Draft',
      creditType: 'NutrientMitigationNitrogen',
      buyerId: buyer.id,
    });
    names.push(r1, r2, r3);
    // A project of another round never counts here.
    await buildProject(t.db, {
      roundId: otherRoundId,
      status: 'Registered',
      services: [{ type: 'NutrientMitigationNitrogen', units: 5000 }],
    });
  });

  it('shows nothing published to participants, and offers the operator Publish as the next step', async () => {
    const before = await readAs(world.cookieOf('participant'), path());
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ statement: null });
    const csv = await readAs(world.cookieOf('participant'), `${path()}?format=csv`);
    expect(csv.statusCode).toBe(404);
    expect(csv.json().message).toBe('The opportunity statement of Solent autumn round is not published yet');
    expect((await readAs('', publicPath())).statusCode).toBe(404);

    const actions = await roundActions();
    const byId = (id: string) => actions.find((action) => action.id === id);
    expect(byId('PublishOpportunityStatement')).toMatchObject({ enabled: true, next: true });
    expect(byId('UpdateOpportunityStatement')).toMatchObject({ enabled: false, reason: NOT_PUBLISHED_YET });
    expect(byId('SetOpportunityStatementVisibility')).toMatchObject({
      enabled: false,
      reason: NOT_PUBLISHED_YET,
    });
    const participant = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/round/${roundId}/action/PublishOpportunityStatement`,
      {},
    );
    expect(participant.statusCode).toBe(403);
  });

  it('publishes the sums of the registered records per credit type and area, without names or prices', async () => {
    const published = await act('PublishOpportunityStatement', {});
    expect(published.statusCode, published.body).toBe(200);

    const response = await readAs(world.cookieOf('participant'), path());
    expect(response.statusCode).toBe(200);
    const { statement } = response.json() as OpportunityStatementAnswer;
    if (!statement) throw new Error('published');
    expect(statement.isPublic).toBe(false);
    expect(statement.round).toEqual({ id: roundId, name: 'Solent autumn round' });
    expect(statement.creditTypes).toEqual([
      {
        creditType: 'Biodiversity',
        supplyUnits: 10.25,
        demandUnits: 10,
        projects: 1,
        requirements: 1,
        marketOperatorFee: 100,
        complianceMonitoring: 50,
        performanceMonitoring: 25,
        feesPerUnit: 17.07,
      },
      {
        creditType: 'NutrientMitigationNitrogen',
        supplyUnits: 30,
        demandUnits: 10,
        projects: 1,
        requirements: 1,
        marketOperatorFee: 200,
        complianceMonitoring: 0,
        performanceMonitoring: 10,
        feesPerUnit: 7,
      },
      {
        creditType: 'NutrientMitigationPhosphorous',
        supplyUnits: 4.5,
        demandUnits: 0,
        projects: 1,
        requirements: 0,
        marketOperatorFee: 200,
        complianceMonitoring: 0,
        performanceMonitoring: 10,
        feesPerUnit: 46.67,
      },
    ]);
    const area = (creditType: string, kind: string) =>
      statement.areas
        .filter((line) => line.creditType === creditType && line.kind === kind)
        .map(({ area, supplyUnits, demandUnits }) => [area, supplyUnits, demandUnits]);
    expect(area('Biodiversity', 'LPA')).toEqual([[places.a.lpa, 10.25, 10]]);
    expect(area('Biodiversity', 'NCA')).toEqual([
      [places.a.nca, 10.25, 0],
      ['Not given', 0, 10],
    ]);
    expect(area('Biodiversity', 'Subcatchment')).toEqual([
      [places.a.sub, 10.25, 0],
      ['Not given', 0, 10],
    ]);
    expect(area('NutrientMitigationNitrogen', 'LPA')).toEqual([[places.b.lpa, 30, 10]]);
    expect(area('NutrientMitigationPhosphorous', 'NCA')).toEqual([['Not given', 4.5, 0]]);
    expect(statement.dates).toEqual({
      registration: {
        suppliers: { start: '2026-09-01', end: '2026-09-30' },
        projects: { start: '2026-09-01', end: '2026-10-15' },
      },
      ampEnd: '2030-03-31',
    });
    expect(statement.reserve).toEqual({ percentage: 15, appliesTo: 'allDemand', agreedWithEMB: true });
    expectNoIdentityOrPrice(response.body);

    const csv = await readAs(world.cookieOf('participant'), `${path()}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'round,published at,credit type,area kind,area,supply units,demand units,projects,requirements,market operator fee (£),compliance monitoring (£),performance monitoring (£),fees per unit of supply (£),registration windows,AMP end,reserve (%),reserve applies to,reserve agreed with the EMB',
    );
    expect(lines[1]).toBe(
      `Solent autumn round,${statement.publishedAt},Biodiversity,All areas,,10.25,10.00,1,1,100.00,50.00,25.00,17.07,suppliers 2026-09-01 to 2026-09-30; projects 2026-09-01 to 2026-10-15,2030-03-31,15,All demand,yes`,
    );
    expect(lines).toHaveLength(1 + statement.creditTypes.length + statement.areas.length);
    expectNoIdentityOrPrice(csv.body);

    const actions = await roundActions();
    expect(actions.find((action) => action.id === 'PublishOpportunityStatement')).toMatchObject({
      enabled: false,
      reason: ALREADY_PUBLISHED,
    });
    expect(actions.find((action) => action.id === 'PublishOpportunityStatement')?.next).toBeUndefined();
  });

  it('keeps what was published until the operator updates it', async () => {
    await t.db.update(projectServices).set({ units: 45 }).where(eq(projectServices.units, 30));
    const nitrogen = async () => {
      const { statement } = (await readAs(world.cookieOf('admin'), path()).then((r) =>
        r.json(),
      )) as OpportunityStatementAnswer;
      return statement?.creditTypes.find((line) => line.creditType === 'NutrientMitigationNitrogen')
        ?.supplyUnits;
    };
    expect(await nitrogen()).toBe(30);
    const updated = await act('UpdateOpportunityStatement');
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await nitrogen()).toBe(45);
  });

  it('refuses readers outside the round: signed out 401, another round or an LPA 404', async () => {
    expect((await readAs('', path())).statusCode).toBe(401);
    for (const cookie of [strangerOfRound.cookie, world.cookieOf('lpa')]) {
      const response = await readAs(cookie, path());
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Solent');
      expect((await readAs(cookie, `${path()}?format=csv`)).statusCode).toBe(404);
    }
    // The round's participant reads it; an agent reads it once it holds approved authority for the round.
    expect((await readAs(world.cookieOf('participant'), path())).statusCode).toBe(200);
    expect((await readAs(world.cookieOf('agent'), path())).statusCode).toBe(404);
    await buildAgentAuthority(t.db, {
      roundId,
      agentId: world.members.agent.organisation.id,
      clientId: world.client.id,
      status: 'Approved',
    });
    expect((await readAs(world.cookieOf('agent'), path())).statusCode).toBe(200);
  });

  it('shows it without signing in once the operator makes it public, and hides it again', async () => {
    expect((await readAs('', publicPath())).statusCode).toBe(404);
    expect((await readAs(strangerOfRound.cookie, publicPath())).statusCode).toBe(404);
    const made = await act('SetOpportunityStatementVisibility', { isPublic: true });
    expect(made.statusCode, made.body).toBe(200);

    const anonymous = await readAs('', publicPath());
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const statement = anonymous.json() as OpportunityStatement;
    expect(statement.isPublic).toBe(true);
    expect(
      statement.creditTypes.map((line) => [line.creditType, line.supplyUnits, line.demandUnits]),
    ).toEqual([
      ['Biodiversity', 10.25, 10],
      ['NutrientMitigationNitrogen', 45, 10],
      ['NutrientMitigationPhosphorous', 4.5, 0],
    ]);
    expectNoIdentityOrPrice(anonymous.body);
    const csv = await readAs('', `${publicPath()}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[1]).toContain('Solent autumn round');
    expectNoIdentityOrPrice(csv.body);
    // The signed-in route still asks for a session; another round's statement is not public.
    expect((await readAs('', path())).statusCode).toBe(401);
    expect((await readAs('', publicPath(otherRoundId))).statusCode).toBe(404);
    expect((await readAs('', publicPath('not-a-round'))).statusCode).toBe(404);

    expect((await act('SetOpportunityStatementVisibility', { isPublic: false })).statusCode).toBe(200);
    expect((await readAs('', publicPath())).statusCode).toBe(404);
    expect((await act('SetOpportunityStatementVisibility', { isPublic: true })).statusCode).toBe(200);
  });

  it('stays readable once bids open, but can no longer be published, updated or switched', async () => {
    await setRoundStatus(t.db, roundId, 'OpenForBidsAndOffers');
    expect((await act('UpdateOpportunityStatement')).statusCode).toBe(409);
    expect((await act('SetOpportunityStatementVisibility', { isPublic: false })).statusCode).toBe(409);
    expect((await readAs(world.cookieOf('participant'), path())).json().statement.round.name).toBe(
      'Solent autumn round',
    );
    expect((await readAs('', publicPath())).statusCode).toBe(200);
    await setRoundStatus(t.db, roundId, 'Closed');
  });

  it('is answered as the public registry: not when it is off, and limited per address', async () => {
    const off = await t.withConfig({ publicRegistry: false });
    expect((await requestJson(off, 'GET', publicPath())).statusCode).toBe(404);
    expect((await requestJson(t.app, 'GET', publicPath())).statusCode).toBe(200);
    expect(PUBLIC_OPPORTUNITY_RATE_LIMIT).toEqual({ max: 120, timeWindow: 60_000 });
    const fromAddress = (ip: string) => requestJson(t.app, 'GET', publicPath(), undefined, { ip });
    for (let request = 1; request <= PUBLIC_OPPORTUNITY_RATE_LIMIT.max; request += 1)
      expect((await fromAddress('203.0.113.9')).statusCode, `request ${request}`).toBe(200);
    const refused = await fromAddress('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_attempts');
    expect((await fromAddress('203.0.113.10')).statusCode).toBe(200);
  });
});
