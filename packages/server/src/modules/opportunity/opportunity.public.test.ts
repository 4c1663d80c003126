import {
  type OpportunityFigures,
  PUBLIC_OPPORTUNITY_LIST_LIMIT,
  type PublicOpportunityListings,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { markets } from '../markets/markets.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { PUBLIC_OPPORTUNITY_RATE_LIMIT } from './opportunity.routes.ts';
import { roundOpportunityStatements } from './opportunity.tables.ts';

const LIST = '/api/public/opportunity-statements';
/** Names of records and prices that the list must never carry. */
const SECRETS = ['Heron Marsh Meadows', 'Kingfisher Quay phase 2', '777.77', '999.99'];

describeWithApp('the public list of opportunity statements', (t) => {
  let world: World;
  const rounds = {
    public: { id: '', name: '' },
    private: { id: '', name: '' },
    unpublished: { id: '', name: '' },
  };
  let publicMarket = '';

  const act = (roundId: string, actionId: string, values: Record<string, unknown> = {}) =>
    asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/${actionId}`, values);
  const list = async (app = t.app) => {
    const response = await requestJson(app, 'GET', LIST);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, answer: response.json() as PublicOpportunityListings };
  };
  const listedNames = async () => (await list()).answer.statements.map((line) => line.roundName);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    rounds.public = await buildRound(t.db, 'Closed', 'Test Valley spring round');
    rounds.private = await buildRound(t.db, 'Closed', 'Itchen private round');
    rounds.unpublished = await buildRound(t.db, 'Closed', 'Meon unpublished round');
    const [market] = await t.db
      .select({ name: markets.name })
      .from(markets)
      .innerJoin(marketRounds, eq(marketRounds.marketId, markets.id))
      .where(eq(marketRounds.id, rounds.public.id));
    publicMarket = market?.name ?? '';
    await buildProject(t.db, {
      roundId: rounds.public.id,
      name: 'Heron Marsh Meadows',
      status: 'Registered',
      gainsPerYear: [0, 5],
      offer: 777.77,
      services: [{ type: 'Biodiversity' }],
    });
    await buildRequirement(t.db, {
      roundId: rounds.public.id,
      name: 'Kingfisher Quay phase 2',
      status: 'Registered',
      bid: 999.99,
    });
    for (const [round, isPublic] of [
      [rounds.public, true],
      [rounds.private, false],
    ] as const) {
      const published = await act(round.id, 'PublishOpportunityStatement', { isPublic });
      expect(published.statusCode, published.body).toBe(200);
    }
  });

  it('lists only public statements, without a session, with no figures, names of records or prices', async () => {
    const { body, answer } = await list();
    expect(answer.statements).toHaveLength(1);
    const [line] = answer.statements;
    expect(Object.keys(line ?? {}).sort()).toEqual(['marketName', 'publishedAt', 'roundId', 'roundName']);
    expect(line).toMatchObject({ roundId: rounds.public.id, roundName: 'Test Valley spring round' });
    expect(line?.marketName).toBe(publicMarket);
    expect(publicMarket).toMatch(/^Market /);
    expect(Number.isNaN(Date.parse(line?.publishedAt ?? ''))).toBe(false);
    expect(body).not.toContain('Itchen private round');
    expect(body).not.toContain('Meon unpublished round');
    for (const secret of SECRETS) expect(body, secret).not.toContain(secret);
    // The statement it links to answers without a session; the private one does not.
    expect(
      (await requestJson(t.app, 'GET', `/api/public/round/${rounds.public.id}/opportunity`)).statusCode,
    ).toBe(200);
    expect(
      (await requestJson(t.app, 'GET', `/api/public/round/${rounds.private.id}/opportunity`)).statusCode,
    ).toBe(404);
  });

  it('follows the operator making a statement public or private again', async () => {
    expect(
      (await act(rounds.private.id, 'SetOpportunityStatementVisibility', { isPublic: true })).statusCode,
    ).toBe(200);
    expect((await listedNames()).sort()).toEqual(['Itchen private round', 'Test Valley spring round']);
    expect(
      (await act(rounds.public.id, 'SetOpportunityStatementVisibility', { isPublic: false })).statusCode,
    ).toBe(200);
    expect(await listedNames()).toEqual(['Itchen private round']);
    expect(
      (await act(rounds.public.id, 'SetOpportunityStatementVisibility', { isPublic: true })).statusCode,
    ).toBe(200);
    expect(
      (await act(rounds.private.id, 'SetOpportunityStatementVisibility', { isPublic: false })).statusCode,
    ).toBe(200);
    expect(await listedNames()).toEqual(['Test Valley spring round']);
  });

  it('is refused when the public registry is off, and limited per address as the public registry', async () => {
    const off = await t.withConfig({ publicRegistry: false });
    const refused = await requestJson(off, 'GET', LIST);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      error: 'not_found',
      message: 'The public registry is not available',
    });
    expect(refused.body).not.toContain('Test Valley spring round');

    const fromAddress = (ip: string) => requestJson(t.app, 'GET', LIST, undefined, { ip });
    for (let request = 1; request <= PUBLIC_OPPORTUNITY_RATE_LIMIT.max; request += 1)
      expect((await fromAddress('198.51.100.7')).statusCode, `request ${request}`).toBe(200);
    const limited = await fromAddress('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_attempts');
    expect((await fromAddress('198.51.100.8')).statusCode).toBe(200);
  });

  it('answers at most the limit, the latest published first', async () => {
    const figures = (id: string, name: string): OpportunityFigures => ({
      round: { id, name },
      creditTypes: [],
      areas: [],
      dates: { registration: {}, ampEnd: null },
      reserve: { percentage: null, appliesTo: null, agreedWithEMB: false },
    });
    const longAgo = Date.parse('2020-01-01T00:00:00.000Z');
    for (let n = 0; n < PUBLIC_OPPORTUNITY_LIST_LIMIT; n += 1) {
      const round = await buildRound(t.db, 'Closed', `Older round ${n}`);
      const at = new Date(longAgo + n * 60_000);
      await t.db.insert(roundOpportunityStatements).values({
        marketRoundId: round.id,
        figures: figures(round.id, round.name),
        isPublic: true,
        publishedAt: at,
        updatedAt: at,
      });
    }
    const { statements } = (await list()).answer;
    expect(statements).toHaveLength(PUBLIC_OPPORTUNITY_LIST_LIMIT);
    expect(statements[0]?.roundName).toBe('Test Valley spring round');
    expect(statements[1]?.roundName).toBe(`Older round ${PUBLIC_OPPORTUNITY_LIST_LIMIT - 1}`);
    // The oldest of the 101 public statements is the one left out.
    expect(statements.map((line) => line.roundName)).not.toContain('Older round 0');
    expect(statements.map((line) => line.roundName)).not.toContain('Itchen private round');
  });
});
