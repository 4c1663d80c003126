import { DECLARATION_CATEGORIES, type Page, type RoundDeclaration } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { declareEverything } from './rounds.testing.ts';

const PASSWORD = 'wading-bird-estuary-41';

describeWithApp('round declarations (declared list and records)', (t) => {
  const cookies = { operator: '', participant: '', lpa: '' };
  let openRoundId: string;
  let draftRoundId: string;
  let openIds: Record<string, string>;
  let draftIds: Record<string, string>;

  const get = (url: string, who: keyof typeof cookies) =>
    requestJson(t.app, 'GET', url, undefined, { cookie: cookies[who] });

  beforeAll(async () => {
    const participant = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    const lpa = await buildOrganisation(t.db, { type: 'LPA', name: 'Marsh Council' });
    const operatorOrganisation = await buildOrganisation(t.db, { type: 'OPER', name: 'Market Operator' });
    const users = {
      operator: (await buildUser(t.db, { organisationId: operatorOrganisation.id, groups: ['admin'] })).user,
      participant: (await buildUser(t.db, { organisationId: participant.id })).user,
      lpa: (await buildUser(t.db, { organisationId: lpa.id })).user,
    };
    for (const who of ['operator', 'participant', 'lpa'] as const)
      cookies[who] = await signIn(t.app, users[who].username, PASSWORD);
    openRoundId = (await buildRound(t.db, 'Open')).id;
    draftRoundId = (await buildRound(t.db, 'Draft')).id;
    openIds = await declareEverything(t.db, openRoundId);
    draftIds = await declareEverything(t.db, draftRoundId);
  });

  const declarationIds = (page: Page<RoundDeclaration>) =>
    page.items.map((item) => item.declarationId).sort();

  it("lists exactly the round's declarations to whoever may see the round", async () => {
    for (const who of ['operator', 'participant'] as const) {
      const answer = await get(`/api/round-declarations?roundId=${openRoundId}`, who);
      expect(answer.statusCode).toBe(200);
      const page = answer.json<Page<RoundDeclaration>>();
      expect(page.total).toBe(DECLARATION_CATEGORIES.length);
      expect(declarationIds(page)).toEqual(Object.values(openIds).sort());
      for (const id of Object.values(draftIds)) expect(declarationIds(page)).not.toContain(id);
    }
    const draft = (await get(`/api/round-declarations?roundId=${draftRoundId}`, 'operator')).json<
      Page<RoundDeclaration>
    >();
    expect(declarationIds(draft)).toEqual(Object.values(draftIds).sort());
  });

  it('answers 404 for a round the reader cannot see (a draft to a participant, any round to an LPA)', async () => {
    expect((await get(`/api/round-declarations?roundId=${draftRoundId}`, 'participant')).statusCode).toBe(
      404,
    );
    expect((await get(`/api/round-declarations?roundId=${openRoundId}`, 'lpa')).statusCode).toBe(404);
  });

  it('answers one declaration with its self link, and 404 outside the scope', async () => {
    const [first] = (await get(`/api/round-declarations?roundId=${openRoundId}`, 'participant')).json<
      Page<RoundDeclaration>
    >().items;
    if (first === undefined) throw new Error('The round has declarations');
    const one = await get(`/api/round-declaration/${first.id}`, 'participant');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    expect(first.self).toBe(`/round-declaration/${first.id}`);
    const [draft] = (await get(`/api/round-declarations?roundId=${draftRoundId}`, 'operator')).json<
      Page<RoundDeclaration>
    >().items;
    expect((await get(`/api/round-declaration/${draft?.id}`, 'participant')).statusCode).toBe(404);
    expect((await get(`/api/round-declaration/${first.id}`, 'lpa')).statusCode).toBe(404);
    expect((await get('/api/round-declaration/not-an-id', 'operator')).statusCode).toBe(404);
  });
});
