import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildPlaces, buildProject } from '../../../test/factories.records.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { planningAreas } from '../map/map.areas.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { publicRegistryGeoJsonSchema } from './registry.geojson.ts';
import { PUBLIC_REGISTRY_RATE_LIMIT } from './registry.routes.ts';
import { type AcceptedRound, acceptRound } from './registry.testing.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

const SOUTHAMPTON = 'E60000229';
const URL = '/api/public/registry.geojson';

describeWithApp('open data: the public registry as GeoJSON', (t) => {
  let world: World;
  let accepted: AcceptedRound;
  let lpaName: string;
  let ncaName: string;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    const { records } = accepted;
    // The meadow has a grid reference (in Southampton); the wetland only its LPA, moved to Southampton, which the
    // planning areas draw; a third matched site lies in an LPA the areas do not draw and has no grid reference.
    await t.db
      .update(projects)
      .set({ gridReference: 'SU 45 12' })
      .where(eq(projects.id, records.biodiversityProjectId));
    const [southampton] = await t.db.select({ id: lpas.id }).from(lpas).where(eq(lpas.code, SOUTHAMPTON));
    const now = new Date();
    const southamptonId =
      southampton?.id ??
      (
        await t.db
          .insert(lpas)
          .values({
            code: SOUTHAMPTON,
            name: 'Southampton LPA',
            authorityType: 'Unitary authority',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: lpas.id })
      )[0]?.id;
    await t.db
      .update(projects)
      .set({ lpaId: southamptonId })
      .where(eq(projects.id, records.nitrogenProjectId));
    const places = await buildPlaces(t.db);
    await buildProject(t.db, {
      roundId: accepted.round.id,
      supplierId: world.members.participant.organisation.id,
      name: 'Orchard without a place',
      status: 'Matched',
      lpaId: places.lpaId,
      ncaId: places.ncaId,
    });
    const [meadow] = await t.db
      .select({ lpa: lpas.name })
      .from(projects)
      .innerJoin(lpas, eq(lpas.id, projects.lpaId))
      .where(eq(projects.id, records.biodiversityProjectId));
    lpaName = meadow?.lpa ?? '';
    const json = (await requestJson(t.app, 'GET', '/api/public/registry')).json();
    ncaName = json.sites.find((site: { name: string }) => site.name === 'Meadow restoration').nca;
  });

  it('answers every public site as a feature: a point from its grid reference or inside its LPA, else none', async () => {
    const answer = await requestJson(t.app, 'GET', URL);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    const geojson = publicRegistryGeoJsonSchema.parse(answer.json());
    expect(geojson.type).toBe('FeatureCollection');
    const southamptonName = (
      await t.db.select({ name: lpas.name }).from(lpas).where(eq(lpas.code, SOUTHAMPTON))
    )[0]?.name;
    expect(geojson.features.map((feature) => feature.properties)).toEqual([
      {
        name: 'Wetland nitrogen',
        status: 'Matched',
        lpa: southamptonName,
        nca: ncaName,
        creditTypes: ['NutrientMitigationNitrogen'],
        // 10 kg/yr allocated in each of the four years to the round's AMP end.
        units: 40,
        location: 'local planning authority',
      },
      {
        name: 'Meadow restoration',
        status: 'Matched',
        lpa: lpaName,
        nca: ncaName,
        creditTypes: ['Biodiversity'],
        // 10 units to the wanted development and the 2 left to the cheap one.
        units: 12,
        location: 'grid reference',
      },
      {
        name: 'Orchard without a place',
        status: 'Matched',
        lpa: expect.stringMatching(/^Test LPA \d+$/),
        nca: expect.stringMatching(/^Test NCA \d+$/),
        creditTypes: [],
        units: 0,
        location: null,
      },
    ]);
    const [wetland, meadow, orchard] = geojson.features;
    expect(orchard?.geometry).toBeNull();
    // SU 45 12: the centre of its kilometre square, 445500 E 112500 N, about 1.354 W 50.911 N.
    expect(meadow?.geometry?.type).toBe('Point');
    expect(meadow?.geometry?.coordinates[0]).toBeCloseTo(-1.354, 2);
    expect(meadow?.geometry?.coordinates[1]).toBeCloseTo(50.911, 2);
    // The wetland is drawn inside Southampton, near its pole of inaccessibility.
    const inside = planningAreas().inside.get(SOUTHAMPTON);
    const [longitude = 0, latitude = 0] = wetland?.geometry?.coordinates ?? [];
    expect(Math.hypot(longitude - (inside?.point[0] ?? 0), latitude - (inside?.point[1] ?? 0))).toBeLessThan(
      inside?.radius ?? 0,
    );
    // The same point on every answer.
    expect((await requestJson(t.app, 'GET', URL)).json().features[0].geometry).toEqual(wetland?.geometry);
  });

  it('carries the same public fields as the JSON and no price, organisation or person', async () => {
    const answer = await requestJson(t.app, 'GET', URL);
    const registry = (await requestJson(t.app, 'GET', '/api/public/registry')).json();
    expect(
      answer.json().features.map(({ properties }: { properties: { location: unknown } }) => {
        const { location: _location, ...site } = properties;
        return site;
      }),
    ).toEqual(registry.sites);
    for (const secret of [
      world.members.participant.organisation.name,
      world.otherParticipant.organisation.name,
      world.members.participant.user.email,
      world.members.participant.user.username,
      accepted.round.name,
      accepted.records.biodiversityProjectId,
      'Pence',
      'price',
      'offer',
      'bid',
      'supplier',
      'buyer',
      'organisation',
    ])
      expect(answer.body, secret).not.toContain(secret);
  });

  it('answers 304 for its ETag and matches the schema the API description documents', async () => {
    const answer = await requestJson(t.app, 'GET', URL);
    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await requestJson(t.app, 'GET', URL, undefined, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await requestJson(t.app, 'GET', URL, undefined, {
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await requestJson(t.app, 'GET', URL, undefined, {
      headers: { 'if-none-match': '"other"' },
    });
    expect(other.statusCode).toBe(200);

    const document = (await requestJson(t.app, 'GET', '/api/openapi.json')).json();
    const get = document.paths['/api/public/registry.geojson']?.get;
    expect(get?.security).toEqual([]);
    const schema = get?.responses['200']?.content['application/geo+json']?.schema;
    expect(schema).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    validate(answer.json());
    expect(validate.errors ?? []).toEqual([]);
  });

  it('is refused with 404 when PUBLIC_REGISTRY is off, and with 429 beyond its requests a minute', async () => {
    const off = await t.withConfig({ publicRegistry: false });
    const refused = await requestJson(off, 'GET', URL);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'The public registry is not available' });

    for (let request = 1; request <= PUBLIC_REGISTRY_RATE_LIMIT.max; request += 1) {
      const ok = await requestJson(t.app, 'GET', URL, undefined, { ip: '203.0.113.40' });
      expect(ok.statusCode, `request ${request}`).toBe(200);
    }
    const limited = await requestJson(t.app, 'GET', URL, undefined, { ip: '203.0.113.40' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await requestJson(t.app, 'GET', URL, undefined, { ip: '203.0.113.41' })).statusCode).toBe(200);
  });
});
