import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { roundStatementSchema } from '../described-routes.ts';
import { publicRegistrySchema } from './registry.open-data.ts';
import { type AcceptedRound, acceptRound } from './registry.testing.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>
  >;
};

describeWithApp('open data: the public registry and round statements as JSON and CSV', (t) => {
  let world: World;
  let accepted: AcceptedRound;
  let document: OpenApi;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    document = (await requestJson(t.app, 'GET', '/api/openapi.json')).json();
  });

  /** Checks an answer against the schema the API description documents for it (ajv, JSON Schema 2020-12). */
  const matchesDocumented = (path: string, body: unknown) => {
    const schema = document.paths[path]?.get?.responses['200']?.content['application/json']?.schema;
    expect(schema, path).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema as object);
    const valid = validate(body);
    expect(validate.errors ?? [], path).toEqual([]);
    expect(valid).toBe(true);
  };

  const secrets = () => [
    world.members.participant.organisation.name,
    world.otherParticipant.organisation.name,
    world.members.participant.user.email,
    world.members.participant.user.username,
    'Pence',
    'price',
    'supplier',
    'buyer',
  ];

  it('answers the public registry as JSON with an ETag, 304 when unchanged, matching its documented schema', async () => {
    const answer = await requestJson(t.app, 'GET', '/api/public/registry');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const registry = publicRegistrySchema.parse(answer.json());
    expect(registry.sites.map((site) => site.name)).toContain('Meadow restoration');
    matchesDocumented('/api/public/registry', answer.json());
    for (const secret of secrets()) expect(answer.body, secret).not.toContain(secret);
    const again = await requestJson(t.app, 'GET', '/api/public/registry', undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await requestJson(t.app, 'GET', '/api/public/registry', undefined, {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('answers each table of the public registry as CSV, with no price, organisation or person', async () => {
    const sites = await requestJson(t.app, 'GET', '/api/public/registry?format=csv');
    expect(sites.statusCode).toBe(200);
    expect(sites.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = sites.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('site,status,LPA,NCA,credit types,units');
    expect(lines.find((line) => line.startsWith('Meadow restoration,'))).toMatch(
      /^Meadow restoration,Matched,Test LPA[^,]*,Test NCA[^,]*,Biodiversity,\d+\.\d\d$/,
    );
    expect(lines.some((line) => line.startsWith('Hedgerow planting,'))).toBe(false);
    for (const secret of secrets()) expect(sites.body, secret).not.toContain(secret);
    const byLpa = await requestJson(t.app, 'GET', '/api/public/registry?format=csv&table=lpa');
    expect(byLpa.body.split('\r\n')[0]).toBe('LPA,LPA code,credit type,sites,units');
    expect(byLpa.headers.etag).not.toBe(sites.headers.etag);
    const cached = await requestJson(t.app, 'GET', '/api/public/registry?format=csv', undefined, {
      headers: { 'if-none-match': `W/${sites.headers.etag as string}` },
    });
    expect(cached.statusCode).toBe(304);
    const wrong = await requestJson(t.app, 'GET', '/api/public/registry?format=pdf');
    expect(wrong.statusCode).toBe(422);
  });

  it('refuses the public registry when PUBLIC_REGISTRY is off, in every format', async () => {
    const off = await t.withConfig({ publicRegistry: false });
    for (const url of ['/api/public/registry', '/api/public/registry?format=csv'])
      expect((await requestJson(off, 'GET', url)).statusCode, url).toBe(404);
  });

  it("answers an accepted round's statement as JSON and CSV with ETags, never to those outside the round", async () => {
    const url = `/api/round/${accepted.round.id}/statement`;
    const json = await asRole(t.app, world, 'admin', 'GET', url);
    expect(json.statusCode).toBe(200);
    const statement = roundStatementSchema.parse(json.json());
    matchesDocumented('/api/round/{roundId}/statement', json.json());
    const csv = await asRole(t.app, world, 'admin', 'GET', `${url}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      "round,accepted at,credit type,units sold,units delivered,lowest price per unit (£),highest price per unit (£),winning projects,winning requirements,surplus (£),buyers' share of surplus,buyers' surplus (£),suppliers' surplus (£)",
    );
    expect(lines.length).toBe(1 + statement.creditTypes.length);
    const first = statement.creditTypes[0];
    expect(lines[1]?.split(',').slice(0, 7)).toEqual([
      accepted.round.name,
      statement.acceptedAt,
      first?.creditType,
      first?.units.toFixed(2),
      first?.deliveredUnits.toFixed(2),
      ((first?.lowestPricePerUnitPence ?? 0) / 100).toFixed(2),
      ((first?.highestPricePerUnitPence ?? 0) / 100).toFixed(2),
    ]);
    for (const secret of [
      world.members.participant.organisation.name,
      world.otherParticipant.organisation.name,
    ])
      expect(csv.body).not.toContain(secret);
    const cached = await requestJson(t.app, 'GET', `${url}?format=csv`, undefined, {
      cookie: world.members.admin.cookie,
      headers: { 'if-none-match': csv.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
    expect((await asRole(t.app, world, 'lpa', 'GET', `${url}?format=csv`)).statusCode).toBe(404);
    expect((await requestJson(t.app, 'GET', `${url}?format=csv`)).statusCode).toBe(401);
  });

  it('documents answers that the routes really give', async () => {
    const health = await requestJson(t.app, 'GET', '/api/health');
    matchesDocumented('/api/health', health.json());
    const tokens = await asRole(t.app, world, 'participant', 'GET', '/api/auth/tokens');
    matchesDocumented('/api/auth/tokens', tokens.json());
    const enabled = await asRole(t.app, world, 'participant', 'GET', '/api/auth/isTOTPEnabled');
    matchesDocumented('/api/auth/isTOTPEnabled', enabled.json());
  });
});
