import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { ncaNeighbourPairsAmong } from './nca-neighbours.ts';
import { seedReferenceData } from './refdata.seed.ts';
import { ncaNeighbours } from './refdata.tables.ts';
import { multipartFile, type SignedInRole, signInEveryRole } from './testing/members.ts';

describeWithApp('NCA neighbours', (t) => {
  let cookies: Record<SignedInRole, string>;
  /** The seeded NCAs' ids by number (1, 2, 3, 4, 5, 7, 12). */
  let ids: Map<number, string>;
  beforeAll(async () => {
    await seedReferenceData(t.db);
    cookies = await signInEveryRole(t.app, t.db);
    const list = await requestJson(t.app, 'GET', '/api/settings/ncas?pageSize=500', undefined, {
      cookie: cookies.admin,
    });
    ids = new Map(list.json().items.map((item: { id: string; number: number }) => [item.number, item.id]));
  });

  const idOf = (number: number) => ids.get(number) ?? '';
  const upload = (csv: string, role: SignedInRole | 'anonymous' = 'admin') => {
    const { payload, contentType } = multipartFile('file', 'nca-neighbours.csv', csv);
    return t.app.inject({
      method: 'POST',
      url: '/api/settings/ncas/neighbours/import',
      payload,
      headers: { 'content-type': contentType, ...(role === 'anonymous' ? {} : { cookie: cookies[role] }) },
    });
  };
  const setNeighbours = (number: number, body: unknown, role: SignedInRole | 'anonymous' = 'admin') =>
    requestJson(
      t.app,
      'PUT',
      `/api/settings/ncas/${idOf(number)}/neighbours`,
      body,
      role === 'anonymous' ? {} : { cookie: cookies[role] },
    );
  const neighbourNumbers = async (number: number) => {
    const item = await requestJson(t.app, 'GET', `/api/settings/ncas/${idOf(number)}`, undefined, {
      cookie: cookies.admin,
    });
    return item.json().neighbours.map((neighbour: { number: number }) => neighbour.number);
  };
  const storedRows = async () => (await t.db.select().from(ncaNeighbours)).length;

  it('imports pairs listed once or both ways, stores each both ways, and changes nothing a second time', async () => {
    const csv = 'NCA,Neighbour\r\n1,2\r\n2,1\r\n2,3\r\n4,5\r\n';
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: 'Imported 4 pairs of neighbouring NCAs: 3 new, 1 already known',
      created: 3,
      unchanged: 1,
      lines: [
        { line: 2, nca: 1, neighbour: 2, outcome: 'created' },
        { line: 3, nca: 2, neighbour: 1, outcome: 'unchanged' },
        { line: 4, nca: 2, neighbour: 3, outcome: 'created' },
        { line: 5, nca: 4, neighbour: 5, outcome: 'created' },
      ],
    });
    expect(await neighbourNumbers(2)).toEqual([1, 3]);
    expect(await neighbourNumbers(1)).toEqual([2]);
    expect(await neighbourNumbers(3)).toEqual([2]);
    expect(await neighbourNumbers(12)).toEqual([]);
    expect(await storedRows()).toBe(6);

    const again = await upload(csv);
    expect(again.json()).toMatchObject({ created: 0, unchanged: 4 });
    expect(await storedRows()).toBe(6);
    const [entry] = await t.db.select().from(activity).where(eq(activity.action, 'ImportNeighbours'));
    expect(entry).toMatchObject({
      subjectType: 'refdata:ncas',
      title: 'Import neighbouring NCAs',
      details: { file: 'nca-neighbours.csv', created: 3, unchanged: 1 },
    });
  });

  it('refuses unknown NCAs, self-pairs and bad numbers, line by line, and imports nothing', async () => {
    const before = await storedRows();
    const shape = await upload('nca,neighbour\n7,12\n3,3\nx,1\n0,\n');
    expect(shape.statusCode).toBe(422);
    expect(shape.json()).toMatchObject({ message: '3 lines have errors; nothing was imported' });
    expect(shape.json().errors).toEqual([
      { path: 'lines.3.neighbour', message: 'An NCA cannot be its own neighbour' },
      { path: 'lines.4.nca', message: 'Must be a whole number greater than 0' },
      { path: 'lines.5.nca', message: 'Must be a whole number greater than 0' },
      { path: 'lines.5.neighbour', message: 'Field required' },
    ]);
    const unknown = await upload('nca,neighbour\n7,12\n12,158\n159,1\n');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: '2 lines have errors; nothing was imported' });
    expect(unknown.json().errors).toEqual([
      { path: 'lines.3.neighbour', message: 'There is no NCA 158' },
      { path: 'lines.4.nca', message: 'There is no NCA 159' },
    ]);
    expect(await storedRows()).toBe(before);
    expect(await neighbourNumbers(7)).toEqual([]);

    const noColumns = await upload('from,to\n1,2\n');
    expect(noColumns.json().errors).toEqual([
      {
        path: 'file',
        message: 'The first line must name the columns nca and neighbour (missing: nca, neighbour)',
      },
    ]);
    expect((await upload('nca,neighbour\n')).json().errors).toEqual([
      { path: 'file', message: 'The file has no neighbours below its header' },
    ]);
  });

  it("sets an NCA's neighbours on its page, both sides together", async () => {
    const set = await setNeighbours(2, { neighbours: [12, 1] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().neighbours).toEqual([
      { id: idOf(1), number: 1, name: 'North Northumberland Coastal Plain', label: expect.any(String) },
      { id: idOf(12), number: 12, name: 'Mid Northumberland', label: 'NCA 12 Mid Northumberland' },
    ]);
    expect(await neighbourNumbers(3)).toEqual([]);
    expect(await neighbourNumbers(12)).toEqual([2]);
    expect(await neighbourNumbers(1)).toEqual([2]);
    const [entry] = await t.db.select().from(activity).where(eq(activity.action, 'SetNeighbours'));
    expect(entry).toMatchObject({ subjectId: idOf(2), details: { before: [1, 3], after: [1, 12] } });

    const refused = await setNeighbours(2, { neighbours: [2, 158, 1] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'neighbours.0', message: 'An NCA cannot be its own neighbour' },
      { path: 'neighbours.1', message: 'There is no NCA 158' },
    ]);
    expect((await setNeighbours(2, { neighbours: 'all' })).statusCode).toBe(422);
    expect(await neighbourNumbers(2)).toEqual([1, 12]);
  });

  it('answers the pairs among the NCAs a round names, each once', async () => {
    const pairs = await ncaNeighbourPairsAmong(t.db, [idOf(1), idOf(2), idOf(12), idOf(4), idOf(7)]);
    const sorted = (pair: [string, string]) => [...pair].sort();
    expect(pairs.map(sorted).sort()).toEqual(
      [
        [idOf(1), idOf(2)],
        [idOf(2), idOf(12)],
      ]
        .map((pair) => pair.sort())
        .sort(),
    );
    expect(pairs.every(([a, b]) => a < b)).toBe(true);
  });

  it('is for the operator only', async () => {
    const before = await storedRows();
    expect((await upload('nca,neighbour\n7,12\n', 'anonymous')).statusCode).toBe(401);
    expect((await setNeighbours(7, { neighbours: [12] }, 'anonymous')).statusCode).toBe(401);
    for (const role of ['participant', 'agent', 'lpa'] as const) {
      expect((await upload('nca,neighbour\n7,12\n', role)).statusCode, role).toBe(403);
      expect((await setNeighbours(7, { neighbours: [12] }, role)).statusCode, role).toBe(403);
    }
    expect(await storedRows()).toBe(before);
    const missing = await requestJson(
      t.app,
      'PUT',
      '/api/settings/ncas/00000000-0000-4000-8000-000000000000/neighbours',
      { neighbours: [] },
      { cookie: cookies.admin },
    );
    expect(missing.statusCode).toBe(404);
  });
});
