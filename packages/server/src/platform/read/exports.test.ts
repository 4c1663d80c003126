import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { seedReferenceData } from '../../modules/refdata/refdata.seed.ts';
import { csvStream, type ExportColumn, exportCutMessage, xlsxStream } from './export.ts';

/** The lines of a CSV answer (the header first, the final empty line dropped). */
const csvLines = (body: string): string[] => {
  const lines = body.split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
};

/** The first cell of each row of a workbook's first sheet, the header first. */
async function firstCells(payload: Buffer | Uint8Array): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const cells: unknown[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    cells.push(row.getCell(1).value);
  });
  return cells;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe('an export the row cap cut', () => {
  const columns: ExportColumn<{ id: string }>[] = [{ header: 'Id', value: (item) => item.id }];
  const chunks = () =>
    (async function* items() {
      yield [{ id: 'a' }, { id: 'b' }];
    })();

  it('ends the CSV with a line saying where it was cut, and only then', async () => {
    const cut = (await readAll(csvStream(columns, chunks(), 2))).toString('utf8');
    expect(csvLines(cut)).toEqual(['Id', 'a', 'b', `${exportCutMessage(2)}`]);
    expect(exportCutMessage(100_000)).toBe(
      'Export cut at 100,000 rows: narrow the filters to export the rest',
    );
    const whole = (await readAll(csvStream(columns, chunks()))).toString('utf8');
    expect(csvLines(whole)).toEqual(['Id', 'a', 'b']);
  });

  it('ends the workbook with a row saying where it was cut', async () => {
    expect(await firstCells(await readAll(xlsxStream('Items', columns, chunks(), 2)))).toEqual([
      'Id',
      'a',
      'b',
      exportCutMessage(2),
    ]);
    expect(await firstCells(await readAll(xlsxStream('Items', columns, chunks())))).toEqual(['Id', 'a', 'b']);
  });
});

/**
 * The settings lists and an organisation's users export with their filters and the reader's scope: the rows that
 * must be there and none other.
 */
describeWithApp('exports of the settings lists and of users', (t) => {
  let world: World;
  beforeAll(async () => {
    await seedReferenceData(t.db);
    world = await buildWorld(t.app, t.db);
  });
  const get = (url: string, role: 'admin' | 'participant' | 'agent' = 'admin') =>
    requestJson(t.app, 'GET', url, undefined, { cookie: world.members[role].cookie });

  it('exports the filtered LPAs as CSV: exactly the national parks', async () => {
    const answer = await get(
      '/api/settings/lpas?format=csv&authorityType=National%20park%20authority&sort=name',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=lpas.csv');
    const [header, ...rows] = csvLines(answer.body);
    expect(header).toBe('Code,Name,Authority type,LAD code,Current,Active,Updated');
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.includes(',National park authority,'))).toBe(true);
    expect(answer.body).not.toContain('Sheffield LPA');
    const search = await get('/api/settings/lpas?format=csv&q=sheffield');
    expect(
      csvLines(search.body)
        .slice(1)
        .map((row) => row.split(',')[1]),
    ).toEqual(['Sheffield LPA']);
  });

  it('exports the filtered habitats as XLSX: exactly one broad habitat', async () => {
    const answer = await get('/api/settings/habitats?format=xlsx&module=Area&broadHabitat=Grassland');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=habitats.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(answer.rawPayload).buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1, 3));
    });
    expect(rows[0]).toEqual(['Module', 'Broad habitat']);
    expect(rows.slice(1)).toHaveLength(13);
    expect(rows.slice(1).every(([module, broad]) => module === 'Area' && broad === 'Grassland')).toBe(true);
  });

  it('keeps the reader’s scope: only the operator exports inactive items', async () => {
    const create = (name: string, active: boolean) =>
      requestJson(
        t.app,
        'POST',
        '/api/settings/project-types',
        { name, active },
        {
          cookie: world.members.admin.cookie,
        },
      );
    expect((await create('Exported meadow creation', true)).statusCode).toBe(201);
    expect((await create('Exported retired scheme', false)).statusCode).toBe(201);
    const names = async (url: string, role: 'admin' | 'participant') =>
      csvLines((await get(url, role)).body)
        .slice(1)
        .map((row) => row.split(',')[0]);
    const byOperator = await names('/api/settings/project-types?format=csv&q=exported', 'admin');
    expect(byOperator.sort()).toEqual(['Exported meadow creation', 'Exported retired scheme']);
    const activeOnly = await names('/api/settings/project-types?format=csv&q=exported&active=true', 'admin');
    expect(activeOnly).toEqual(['Exported meadow creation']);
    const byParticipant = await names('/api/settings/project-types?format=csv&q=exported', 'participant');
    expect(byParticipant).toEqual(['Exported meadow creation']);
    expect((await requestJson(t.app, 'GET', '/api/settings/project-types?format=csv')).statusCode).toBe(401);
  });

  it('exports an organisation’s users for its members and the operator, and for no one else', async () => {
    const own = world.members.participant;
    await buildUser(t.db, { organisationId: own.organisation.id, displayName: 'Ash Colleague' });
    await buildUser(t.db, { organisationId: own.organisation.id, displayName: 'Beech Colleague' });
    await buildUser(t.db, {
      organisationId: world.otherParticipant.organisation.id,
      displayName: 'Cedar Outsider',
    });
    const url = `/api/organisation/${own.organisation.id}/users?format=csv&q=colleague`;
    const byMember = await get(url, 'participant');
    expect(byMember.statusCode).toBe(200);
    expect(byMember.headers['content-disposition']).toBe('attachment; filename=users.csv');
    const [header, ...rows] = csvLines(byMember.body);
    expect(header).toBe('Name,Username,E-mail,Phone,Groups,Account');
    expect(rows.map((row) => row.split(',')[0])).toEqual(['Ash Colleague', 'Beech Colleague']);
    expect(byMember.body).not.toContain('Cedar Outsider');
    expect(byMember.body).not.toContain(own.user.displayName);
    const byOperator = await get(`/api/organisation/${own.organisation.id}/users?format=csv`, 'admin');
    expect(
      csvLines(byOperator.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual([own.user.displayName, 'Ash Colleague', 'Beech Colleague'].sort());
    const other = `/api/organisation/${world.otherParticipant.organisation.id}/users?format=csv`;
    expect((await get(other, 'participant')).statusCode).toBe(404);
    expect((await get(`/api/organisation/${world.client.id}/users?format=xlsx`, 'agent')).statusCode).toBe(
      403,
    );
  });
});
