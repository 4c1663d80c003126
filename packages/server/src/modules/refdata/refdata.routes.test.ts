import { DECLARATION_AUDIENCE_MESSAGE } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { seedReferenceData } from './refdata.seed.ts';
import { SIGNED_IN_ROLES, type SignedInRole, signInEveryRole } from './testing/members.ts';

describeWithApp('reference data settings routes', (t) => {
  let cookies: Record<SignedInRole, string>;
  beforeAll(async () => {
    await seedReferenceData(t.db);
    cookies = await signInEveryRole(t.app, t.db);
  });
  const as = (role: SignedInRole) => ({ cookie: cookies[role] });
  const get = (url: string, role: SignedInRole = 'admin') =>
    requestJson(t.app, 'GET', url, undefined, as(role));

  it('lets only the operator write: 401 signed out, 403 for every other role', async () => {
    const body = { name: 'Woodland creation' };
    expect((await requestJson(t.app, 'POST', '/api/settings/project-types', body)).statusCode).toBe(401);
    expect((await requestJson(t.app, 'GET', '/api/settings/project-types')).statusCode).toBe(401);
    expect((await requestJson(t.app, 'GET', '/api/ncas')).statusCode).toBe(401);
    for (const role of SIGNED_IN_ROLES.filter((r) => r !== 'admin' && r !== 'sysadmin')) {
      const created = await requestJson(t.app, 'POST', '/api/settings/project-types', body, as(role));
      expect(created.statusCode, role).toBe(403);
      const lpa = (await get('/api/settings/lpas?pageSize=1', role)).json().items[0];
      const updated = await requestJson(t.app, 'PUT', `/api/settings/lpas/${lpa.id}`, lpa, as(role));
      expect(updated.statusCode, role).toBe(403);
      const standard = await requestJson(
        t.app,
        'POST',
        `/api/settings/standards/${lpa.id}/versions`,
        {},
        as(role),
      );
      expect(standard.statusCode, role).toBe(403);
      expect((await get('/api/settings', role)).statusCode, role).toBe(403);
    }
    const bySysadmin = await requestJson(t.app, 'POST', '/api/settings/project-types', body, as('sysadmin'));
    expect(bySysadmin.statusCode).toBe(201);
  });

  it('creates, reads and updates a project type, recording the activity', async () => {
    const created = await requestJson(
      t.app,
      'POST',
      '/api/settings/project-types',
      { name: 'Wetland restoration', description: '', incompatibleWithCurrentService: true },
      as('admin'),
    );
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      name: 'Wetland restoration',
      description: null,
      incompatibleWithCurrentService: true,
      active: true,
    });
    expect((await get(`/api/settings/project-types/${item.id}`)).json()).toMatchObject({ id: item.id });
    const updated = await requestJson(
      t.app,
      'PUT',
      `/api/settings/project-types/${item.id}`,
      { name: 'Wetland creation', incompatibleWithCurrentService: false, active: true },
      as('admin'),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Wetland creation', incompatibleWithCurrentService: false });
    const entries = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'refdata:project-types'), eq(activity.subjectId, item.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['Create', 'Update']);
    expect(entries.find((entry) => entry.action === 'Update')?.details).toEqual({ name: 'Wetland creation' });
  });

  it('answers 422 with the schema messages, 409 for duplicates and 404 for unknown items', async () => {
    const noAudience = await requestJson(
      t.app,
      'POST',
      '/api/settings/declarations',
      { name: '', text: 'I confirm the land is mine', category: 'MarketRoundProject_Register' },
      as('admin'),
    );
    expect(noAudience.statusCode).toBe(422);
    expect(noAudience.json().errors).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'isForAgents', message: DECLARATION_AUDIENCE_MESSAGE },
      { path: 'isForParticipants', message: DECLARATION_AUDIENCE_MESSAGE },
    ]);
    const declaration = await requestJson(
      t.app,
      'POST',
      '/api/settings/declarations',
      {
        name: 'Land rights',
        text: 'I own the land',
        category: 'MarketRoundProject_Register',
        isForAgents: true,
      },
      as('admin'),
    );
    expect(declaration.statusCode).toBe(201);
    expect(declaration.json()).toMatchObject({ isForAgents: true, isForParticipants: false });

    await requestJson(
      t.app,
      'POST',
      '/api/settings/project-types',
      { name: 'Hedgerow planting' },
      as('admin'),
    );
    const duplicate = await requestJson(
      t.app,
      'POST',
      '/api/settings/project-types',
      { name: 'HEDGEROW PLANTING' },
      as('admin'),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: 'A conflict occurred: an identical item already exists',
      errors: [{ path: 'name', message: "A project type named 'HEDGEROW PLANTING' already exists" }],
    });
    const badLpa = await requestJson(
      t.app,
      'POST',
      '/api/settings/subcatchments',
      { name: 'Test catchment', nutrient: 'P', lpaCodes: ['E60000999'] },
      as('admin'),
    );
    expect(badLpa.statusCode).toBe(422);
    expect(badLpa.json().errors).toEqual([{ path: 'lpaCodes.0', message: 'No LPA has the code E60000999' }]);
    expect((await get('/api/settings/ncas/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/settings/ncas/not-an-id')).statusCode).toBe(404);
    expect((await get('/api/settings/markets')).statusCode).toBe(404);
    const habitat = await requestJson(t.app, 'POST', '/api/settings/habitats', {}, as('admin'));
    expect(habitat.statusCode).toBe(404);
  });

  it('pages, sorts and searches the seeded LPAs', async () => {
    const page = (await get('/api/settings/lpas?sort=code&order=desc&page=2&pageSize=10')).json();
    expect(page).toMatchObject({ total: 337, page: 2, pageSize: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0].code).toBe('E60000327');
    const search = (await get('/api/settings/lpas?q=sheffield')).json();
    expect(search.items.map((item: { name: string }) => item.name)).toEqual(['Sheffield LPA']);
    const parks = (
      await get('/api/settings/lpas?authorityType=National%20park%20authority&pageSize=50')
    ).json();
    expect(parks.total).toBe(10);
    const unknownSort = await get('/api/settings/lpas?sort=password');
    expect(unknownSort.statusCode).toBe(422);
    expect(unknownSort.json().errors[0].path).toBe('sort');
    expect((await get('/api/settings/lpas?pageSize=0')).statusCode).toBe(422);
  });

  it('filters on active for the operator and shows others active items only', async () => {
    const create = (name: string, active: boolean) =>
      requestJson(t.app, 'POST', '/api/settings/project-types', { name, active }, as('admin'));
    const kept = (await create('Active pond creation', true)).json();
    const retired = (await create('Retired scrub clearance', false)).json();
    const names = async (url: string, role: SignedInRole) =>
      (await get(url, role)).json().items.map((item: { name: string }) => item.name);
    const everything = await names('/api/settings/project-types?pageSize=100', 'admin');
    expect(everything).toEqual(expect.arrayContaining([kept.name, retired.name]));
    const activeOnly = await names('/api/settings/project-types?active=true&pageSize=100', 'admin');
    expect(activeOnly).toContain(kept.name);
    expect(activeOnly).not.toContain(retired.name);
    const asParticipant = await names('/api/settings/project-types?pageSize=100', 'participant');
    expect(asParticipant).toContain(kept.name);
    expect(asParticipant).not.toContain(retired.name);
    expect((await get(`/api/settings/project-types/${retired.id}`, 'participant')).statusCode).toBe(404);
    expect((await get(`/api/settings/project-types/${retired.id}`, 'admin')).statusCode).toBe(200);
    const options = (await get('/api/project-types', 'agent')).json();
    expect(options.map((item: { name: string }) => item.name)).not.toContain(retired.name);
  });

  it('adds versions to a standard, newest first', async () => {
    const standard = (
      await requestJson(t.app, 'POST', '/api/settings/standards', { name: 'Peatland Code' }, as('admin'))
    ).json();
    expect(standard).toMatchObject({ versions: [], latestVersion: null });
    const add = (body: object) =>
      requestJson(t.app, 'POST', `/api/settings/standards/${standard.id}/versions`, body, as('admin'));
    expect((await add({ version: '1.0', effectiveDate: '2017-03-01' })).statusCode).toBe(201);
    const second = await add({ version: '2.0', effectiveDate: '2023-07-01', notes: 'Revised' });
    expect(second.json().versions.map((v: { version: string }) => v.version)).toEqual(['2.0', '1.0']);
    expect(second.json().latestVersion).toBe('2.0');
    const badDate = await add({ version: '3.0', effectiveDate: '2023-02-30' });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toEqual([{ path: 'effectiveDate', message: 'Not a valid date' }]);
    expect((await add({ version: '2.0', effectiveDate: '2024-01-01' })).statusCode).toBe(409);
    const listed = (await get('/api/settings/standards?q=peatland')).json().items[0];
    expect(listed).toMatchObject({ name: 'Peatland Code', latestVersion: '2.0' });
    expect(listed.versions).toBeUndefined();
    const options = (await get('/api/standards', 'participant')).json();
    const option = options.find((item: { name: string }) => item.name === 'Peatland Code');
    expect(option).toMatchObject({ latestVersion: '2.0' });
    expect(option.versions).toBeUndefined();
    const missing = await requestJson(
      t.app,
      'POST',
      '/api/settings/standards/00000000-0000-4000-8000-000000000000/versions',
      { version: '1', effectiveDate: '2024-01-01' },
      as('admin'),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('shows LPA neighbours and carries a changed code into them', async () => {
    const [durham] = (await get('/api/settings/lpas?q=County%20Durham')).json().items;
    const details = (await get(`/api/settings/lpas/${durham.id}`)).json();
    expect(details.neighbours.length).toBeGreaterThan(3);
    expect(details.neighbours[0].rank).toBe(1);
    const neighbour = details.neighbours[0];
    const changed = await requestJson(
      t.app,
      'PUT',
      `/api/settings/lpas/${durham.id}`,
      { ...durham, code: 'E60000999' },
      as('admin'),
    );
    expect(changed.statusCode).toBe(200);
    const [other] = (await get(`/api/settings/lpas?q=${neighbour.code}`)).json().items;
    const otherDetails = (await get(`/api/settings/lpas/${other.id}`)).json();
    expect(otherDetails.neighbours.map((n: { code: string }) => n.code)).toContain('E60000999');
    const taken = await requestJson(
      t.app,
      'PUT',
      `/api/settings/lpas/${durham.id}`,
      { ...durham, code: neighbour.code },
      as('admin'),
    );
    expect(taken.statusCode).toBe(409);
  });

  it('counts each kind for the settings overview', async () => {
    const summary = (await get('/api/settings')).json();
    expect(summary.find((row: { type: string }) => row.type === 'lpas')).toMatchObject({
      count: 337,
      activeCount: 337,
      editable: true,
    });
    expect(summary.find((row: { type: string }) => row.type === 'habitats')).toMatchObject({
      count: 150,
      editable: false,
    });
  });

  it('serves option lists: habitat types filtered by module and broad habitat', async () => {
    const grassland = (await get('/api/habitats?module=Area&broadHabitat=Grassland', 'participant')).json();
    expect(grassland).toHaveLength(13);
    expect(grassland.every((h: { broadHabitat: string }) => h.broadHabitat === 'Grassland')).toBe(true);
    const rivers = (await get('/api/habitats?module=River', 'participant')).json();
    expect(rivers).toHaveLength(5);
    expect((await get('/api/habitats?module=Sea', 'participant')).statusCode).toBe(422);
    const broad = (await get('/api/broad-habitats?module=Area', 'participant')).json();
    expect(broad.map((b: { name: string }) => b.name)).toContain('Woodland and forest');
    const ncas = (await get('/api/ncas', 'lpa')).json();
    expect(ncas[0]).toMatchObject({ number: 1, label: 'NCA 1 North Northumberland Coastal Plain' });
    expect((await get('/api/lpas', 'agent')).json()).toHaveLength(337);
    expect((await get('/api/subcatchments', 'participant')).json()).toHaveLength(21);
  });
});
