import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { seedReferenceData } from './refdata.seed.ts';
import { multipartFile, type SignedInRole, signInEveryRole } from './testing/members.ts';

describeWithApp('NCA CSV import', (t) => {
  let cookies: Record<SignedInRole, string>;
  beforeAll(async () => {
    await seedReferenceData(t.db);
    cookies = await signInEveryRole(t.app, t.db);
  });

  const upload = (csv: string, role: SignedInRole | 'anonymous' = 'admin', filename = 'ncas.csv') => {
    const { payload, contentType } = multipartFile('file', filename, csv);
    return t.app.inject({
      method: 'POST',
      url: '/api/settings/ncas/import',
      payload,
      headers: { 'content-type': contentType, ...(role === 'anonymous' ? {} : { cookie: cookies[role] }) },
    });
  };
  const ncaNames = async () => {
    const answer = await requestJson(t.app, 'GET', '/api/settings/ncas?pageSize=500', undefined, {
      cookie: cookies.admin,
    });
    return new Map(
      answer.json().items.map((item: { number: number; name: string }) => [item.number, item.name]),
    );
  };

  it('creates new NCAs, renames changed ones and changes nothing on a second import', async () => {
    const csv =
      'Number,Name\r\n6,Solway Basin\r\n1,North Northumberland Coastal Plain\r\n2,"Northumberland Sandstone Hills, renamed"\r\n';
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: 1,
      message: 'Imported 3 NCAs: 1 created, 1 updated, 1 unchanged',
    });
    expect(first.json().lines).toEqual([
      { line: 2, number: 6, name: 'Solway Basin', outcome: 'created' },
      { line: 3, number: 1, name: 'North Northumberland Coastal Plain', outcome: 'unchanged' },
      { line: 4, number: 2, name: 'Northumberland Sandstone Hills, renamed', outcome: 'updated' },
    ]);
    const names = await ncaNames();
    expect(names.get(6)).toBe('Solway Basin');
    expect(names.get(2)).toBe('Northumberland Sandstone Hills, renamed');

    const again = await upload(csv);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect((await ncaNames()).size).toBe(names.size);
  });

  it('reports every bad line and imports nothing', async () => {
    const before = await ncaNames();
    const response = await upload('number,name\n8,Cumbria High Fells\nx,Eden Valley\n0,\n8,Again\n');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: '3 lines have errors; nothing was imported' });
    expect(response.json().errors).toEqual([
      { path: 'lines.3.number', message: 'Must be a whole number greater than 0' },
      { path: 'lines.4.number', message: 'Must be a whole number greater than 0' },
      { path: 'lines.4.name', message: 'Field required' },
      { path: 'lines.5.number', message: 'NCA 8 is also on line 2' },
    ]);
    expect(await ncaNames()).toEqual(before);
  });

  it('names the line of the file a bad row is on when a quoted name before it spans two lines', async () => {
    const before = await ncaNames();
    const response = await upload('number,name\r\n9,"Solway\r\nBasin, north"\r\nx,Eden Valley\r\n');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: '1 line has errors; nothing was imported' });
    expect(response.json().errors).toEqual([
      { path: 'lines.4.number', message: 'Must be a whole number greater than 0' },
    ]);
    expect(await ncaNames()).toEqual(before);
  });

  it('needs the number and name columns and at least one line', async () => {
    const noHeader = await upload('nca,title\n1,x\n');
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors).toEqual([
      {
        path: 'file',
        message: 'The first line must name the columns number and name (missing: number, name)',
      },
    ]);
    const empty = await upload('number,name\n');
    expect(empty.json().errors[0]).toEqual({
      path: 'file',
      message: 'The file has no NCAs below its header',
    });
  });

  it('is for the operator only', async () => {
    expect((await upload('number,name\n9,Eden Valley\n', 'anonymous')).statusCode).toBe(401);
    for (const role of ['participant', 'agent', 'lpa'] as const) {
      expect((await upload('number,name\n9,Eden Valley\n', role)).statusCode, role).toBe(403);
    }
    expect((await ncaNames()).has(9)).toBe(false);
  });
});
