import { randomUUID } from 'node:crypto';
import { formatDateTime, type MarketRound } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { findUserById } from '../../auth/users.repo.ts';
import { MODULES } from '../../modules/index.ts';
import { organisations } from '../../modules/organisations/organisations.tables.ts';
import { projectRead } from '../../modules/projects/projects.read.ts';
import { projects } from '../../modules/projects/projects.tables.ts';
import { routeDescriptionsOf } from '../module.ts';
import { exportItems, listItems } from './list.ts';

/** The rows of the first sheet of a workbook answer, as text or numbers (the header row first). */
async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/**
 * The declared read side (projects as the example): the export of a filtered, scoped list as XLSX and CSV (the
 * rows that must be there and no other, the formula guard, the row cap), the record route's 404 outside the scope,
 * and the descriptions of the generated routes.
 */
describeWithApp('declared read routes', (t) => {
  let world: World;
  let roundId: string;
  let otherRoundId: string;
  let cappedRoundId: string;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = (await buildRound(t.db, 'Open', 'Export round')).id;
    otherRoundId = (await buildRound(t.db, 'Open', 'Other export round')).id;
    const supplierId = world.members.participant.organisation.id;
    const otherId = world.otherParticipant.organisation.id;
    await buildProject(t.db, { name: 'Alder meadow', status: 'Draft', roundId, supplierId });
    await buildProject(t.db, { name: '=HYPERLINK("x")', status: 'Draft', roundId, supplierId });
    await buildProject(t.db, { name: '\tTabbed wood', status: 'Draft', roundId, supplierId: otherId });
    await buildProject(t.db, { name: 'Birch registered', status: 'Registered', roundId, supplierId });
    await buildProject(t.db, { name: 'Cedar elsewhere', status: 'Draft', roundId: otherRoundId, supplierId });
    cappedRoundId = (await buildRound(t.db, 'Open', 'Capped export round')).id;
    for (const name of ['Pine one', 'Pine two', 'Pine three'])
      await buildProject(t.db, { name, roundId: cappedRoundId, supplierId });
  });

  const get = (url: string, role: 'admin' | 'participant' = 'admin') =>
    requestJson(t.app, 'GET', url, undefined, { cookie: world.members[role].cookie });

  describe('XLSX export', () => {
    it('answers exactly the filtered rows, the headers first', async () => {
      const answer = await get(`/api/projects?format=xlsx&roundId=${roundId}&status=Draft&sort=name`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(answer.headers['content-disposition']).toBe('attachment; filename=projects.xlsx');
      const rows = await sheetRows(answer.rawPayload);
      expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Status', 'Supplier']);
      const names = rows.slice(1).map((row) => row[0] as string);
      // A formula or tab at the start of a text is kept as text (an apostrophe before it).
      expect(names.sort()).toEqual(["'\tTabbed wood", '\'=HYPERLINK("x")', 'Alder meadow']);
      expect(names).not.toContain('Birch registered');
      expect(names).not.toContain('Cedar elsewhere');
    });

    it('keeps the reader’s scope: a participant exports only its own projects', async () => {
      const answer = await get(`/api/projects?format=xlsx&roundId=${roundId}&sort=name`, 'participant');
      expect(answer.statusCode).toBe(200);
      const names = (await sheetRows(answer.rawPayload)).slice(1).map((row) => row[0] as string);
      expect(names.sort()).toEqual(['\'=HYPERLINK("x")', 'Alder meadow', 'Birch registered']);
      expect(names).not.toContain("'\tTabbed wood");
    });

    it('guards formulas in CSV the same way', async () => {
      const answer = await get(`/api/projects?format=csv&roundId=${roundId}&status=Draft&sort=name`);
      expect(answer.statusCode).toBe(200);
      const [header, ...lines] = answer.body.split('\r\n');
      expect(header?.split(',')[0]).toBe('Name');
      expect(lines.pop()).toBe('');
      expect(lines.map((line) => line.split(',')[0]).sort()).toEqual([
        '"\'=HYPERLINK(""x"")"',
        "'\tTabbed wood",
        'Alder meadow',
      ]);
    });

    it('refuses an unknown format (422)', async () => {
      expect((await get('/api/projects?format=pdf')).statusCode).toBe(422);
    });
  });

  it('stops an export at the list’s row cap, keeping the list order', async () => {
    const admin = await findUserById(t.db, world.members.admin.user.id);
    if (!admin) throw new Error('no admin');
    const capped = { ...projectRead.list, export: { ...projectRead.list.export, maxRows: 2 } };
    const query = projectRead.list.query.parse({ roundId: cappedRoundId, sort: 'name', order: 'desc' });
    const { chunks, cutAt } = await exportItems(capped, query, {
      db: t.db,
      actor: admin,
      now: new Date(),
    });
    expect(cutAt).toBe(2);
    const names: string[] = [];
    for await (const items of chunks) names.push(...items.map((item) => item.name));
    expect(names).toEqual(['Pine two', 'Pine three']);
  });

  it('exports another declared list (rounds) with its labels and the app’s date format', async () => {
    const round = (await get(`/api/round/${roundId}`)).json() as MarketRound;
    const answer = await get(`/api/rounds?format=csv&marketId=${round.market.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=rounds.csv');
    const [header, ...lines] = answer.body.split('\r\n');
    expect(header).toBe('Name,Market,Status,Services,Bidders,Projects,Requirements,Created,Updated');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1);
    const cells = lines[0]?.split(',') ?? [];
    expect(cells.slice(0, 3)).toEqual(['Export round', round.market.name, 'Open for registration']);
    expect(cells.slice(5)).toEqual([
      '4',
      '0',
      formatDateTime(round.createdAt),
      formatDateTime(round.updatedAt),
    ]);
  });

  it('answers the page alone for a list declared without collection actions', async () => {
    const participations = (await get('/api/participations')).json() as Record<string, unknown>;
    expect(Object.keys(participations).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    const rounds = (await get('/api/rounds')).json() as Record<string, unknown>;
    expect(Object.keys(rounds).sort()).toEqual(['actions', 'items', 'page', 'pageSize', 'total']);
  });

  it('chooses, counts and searches ids through the list’s declared joins', async () => {
    const admin = await findUserById(t.db, world.members.admin.user.id);
    if (!admin) throw new Error('no admin');
    const bySupplier = {
      ...projectRead.list,
      joins: [{ table: organisations, on: eq(organisations.id, projects.supplierId) }],
      search: [organisations.name],
    };
    const otherName = world.otherParticipant.organisation.name;
    const query = projectRead.list.query.parse({ roundId, q: otherName, sort: 'name' });
    const context = { db: t.db, actor: admin, now: new Date() };
    const { items, total } = await listItems(bySupplier, query, context);
    expect(items.map((item) => item.name)).toEqual(['\tTabbed wood']);
    expect(total).toBe(1);
    const sorted = await listItems(bySupplier, { ...query, sort: 'round' }, context);
    expect(sorted.items.map((item) => item.name)).toEqual(['\tTabbed wood']);
    expect(sorted.total).toBe(1);
  });

  it('answers 404 for a record outside the reader’s scope, and the record inside it', async () => {
    const [other] = (await get(`/api/projects?roundId=${otherRoundId}`)).json().items as { id: string }[];
    const hidden = (
      await requestJson(t.app, 'GET', `/api/projects?roundId=${roundId}&q=Tabbed`, undefined, {
        cookie: world.members.admin.cookie,
      })
    ).json().items[0] as { id: string };
    const outside = await get(`/api/project/${hidden.id}`, 'participant');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('This project does not exist or you cannot see it');
    expect((await get(`/api/project/${randomUUID()}`, 'participant')).statusCode).toBe(404);
    const inside = await get(`/api/project/${other?.id}`, 'participant');
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toMatchObject({
      id: other?.id,
      self: `/project/${other?.id}`,
      name: 'Cedar elsewhere',
    });
  });
});

describeWithApp('declared read routes of a module with several entities', (t) => {
  let world: World;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const get = (url: string, role: 'admin' | 'participant' | 'agent') =>
    requestJson(t.app, 'GET', url, undefined, { cookie: world.members[role].cookie });

  it('serves a record-only entity (a user) in its scope, with no list of its own', async () => {
    const { user } = world.members.participant;
    const own = await get(`/api/user/${user.id}`, 'participant');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: user.id, self: `/user/${user.id}`, username: user.username });
    const outside = await get(`/api/user/${user.id}`, 'agent');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('This user account does not exist or you cannot see it');
    expect((await get('/api/users', 'admin')).statusCode).toBe(404);
  });

  it('answers the collection’s create actions only for an entity that has create actions', async () => {
    const organisations = (await get('/api/organisations', 'admin')).json();
    expect(organisations.actions.map((action: { id: string }) => action.id)).toContain('CreateParticipant');
    const authorities = await get('/api/agent-authorities', 'admin');
    expect(authorities.statusCode).toBe(200);
    expect(Object.keys(authorities.json()).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
  });

  it('exports a list with its scope: a participant’s organisations CSV holds only its own', async () => {
    const answer = await get('/api/organisations?format=csv', 'participant');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=organisations.csv');
    const [header, ...lines] = answer.body.split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual(['Name', 'Type', 'Reference']);
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => line.split(',')[0])).toEqual([world.members.participant.organisation.name]);
    const own = (
      await get(`/api/organisation/${world.members.participant.organisation.id}`, 'participant')
    ).json();
    expect(lines[0]?.endsWith(`,${formatDateTime(own.createdAt)}`)).toBe(true);
  });
});

describe('route descriptions', () => {
  const descriptions = routeDescriptionsOf(MODULES);

  it('describes every generated read route once', () => {
    expect(descriptions.map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /api/organisations',
      'GET /api/organisation/:id',
      'GET /api/user/:id',
      'GET /api/organisation/:organisationId/users',
      'GET /api/agent-authorities',
      'GET /api/agent-authority/:id',
      'GET /api/markets',
      'GET /api/market/:id',
      'GET /api/rounds',
      'GET /api/round/:id',
      'GET /api/round-declarations',
      'GET /api/round-declaration/:id',
      'GET /api/participations',
      'GET /api/participation/:id',
      'GET /api/projects',
      'GET /api/project/:id',
      'GET /api/project-groups',
      'GET /api/project-group/:id',
      'GET /api/requirements',
      'GET /api/requirement/:id',
      'GET /api/requirement-groups',
      'GET /api/requirement-group/:id',
      'GET /api/comments',
      'GET /api/activity',
      'GET /api/activity-item/:id',
      'GET /api/files',
      'GET /api/file/:id',
      'GET /api/location/:id',
      'GET /api/settings/project-types',
      'GET /api/settings/project-types/:id',
      'GET /api/settings/standards',
      'GET /api/settings/standards/:id',
      'GET /api/settings/ncas',
      'GET /api/settings/ncas/:id',
      'GET /api/settings/lpas',
      'GET /api/settings/lpas/:id',
      'GET /api/settings/subcatchments',
      'GET /api/settings/subcatchments/:id',
      'GET /api/settings/declarations',
      'GET /api/settings/declarations/:id',
      'GET /api/settings/habitats',
      'GET /api/settings/habitats/:id',
      'GET /api/unmatched-projects',
      'GET /api/unmatched-requirements',
      'GET /api/credits/registry',
      'GET /api/credits/registry/:id',
      'GET /api/reserved-credits',
      'GET /api/reserved-credit/:id',
    ]);
    expect(descriptions.map((route) => route.answerType)).toEqual([
      'Page<Organisation> & { actions: EntityAction[] }',
      'Organisation',
      'OrganisationUser',
      'Page<OrganisationUser>',
      'Page<AgentAuthority>',
      'AgentAuthority',
      'Page<Market> & { actions: EntityAction[] }',
      'Market',
      'Page<MarketRound> & { actions: EntityAction[] }',
      'MarketRound',
      'Page<RoundDeclaration>',
      'RoundDeclaration',
      'Page<Participation>',
      'Participation',
      'Page<ProjectListItem> & { actions: EntityAction[] }',
      'Project',
      'Page<ProjectGroup> & { actions: EntityAction[] }',
      'ProjectGroup',
      'Page<RequirementListItem> & { actions: EntityAction[] }',
      'CreditRequirement',
      'Page<RequirementGroup> & { actions: EntityAction[] }',
      'RequirementGroup',
      'Page<CommentView>',
      'Page<ActivityItemView>',
      'ActivityItemView',
      'Page<FileView>',
      'FileView',
      'LocationView',
      'Page<ProjectType>',
      'ProjectType',
      'Page<Standard>',
      'Standard',
      'Page<Nca>',
      'Nca',
      'Page<Lpa>',
      'Lpa',
      'Page<Subcatchment>',
      'Subcatchment',
      'Page<Declaration>',
      'Declaration',
      'Page<Habitat>',
      'Habitat',
      'Page<UnmatchedProject>',
      'Page<UnmatchedRequirement>',
      'Page<RegistryCredit>',
      'CreditTrace',
      'Page<ReservedCredit>',
      'ReservedCreditRecord',
    ]);
  });

  it('gives each list the query it parses, the export format included', () => {
    const projects = descriptions.find((route) => route.url === '/api/projects');
    expect(projects?.produces).toEqual([
      'application/json',
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(projects?.query?.parse({ status: 'Draft', format: 'xlsx' })).toMatchObject({
      status: 'Draft',
      format: 'xlsx',
      sort: 'name',
      page: 1,
    });
    expect(projects?.query?.safeParse({ status: 'Nonsense' }).success).toBe(false);
    expect(projects?.query?.safeParse({ format: 'pdf' }).success).toBe(false);
    const record = descriptions.find((route) => route.url === '/api/requirement/:id');
    expect(record?.params?.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(record?.query).toBeUndefined();
  });
});
