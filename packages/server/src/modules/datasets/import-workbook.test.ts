import type { ImportDataPreview } from '@curlew/domain';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { buildImportRound, download, offersOf, postImport, zipOf } from './datasets.testing.ts';

const BIO = { bidderType: 'Buyers', creditType: 'Biodiversity' } as const;

describeWithApp('ImportData limits and workbooks', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });
  const round = () => buildImportRound(t.db, world);
  const projectRows = (ids: string[]) => offersOf(t.db, ids);

  it('bounds the rows and refuses a workbook that unpacks too large or lies about its size', async () => {
    const { id } = await round();
    const many = `project,offer\r\n${'Meadow restoration,1\r\n'.repeat(10_001)}`;
    const tooMany = await postImport(t.app, world, id, BIO, { suppliersCSV: many }, { preview: true });
    expect((tooMany.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'suppliersCSV',
        sheet: null,
        row: null,
        column: null,
        message: 'The data set has 10,001 rows; at most 10,000 can be imported',
      },
    ]);
    const large = `project,offer\r\n${'x'.repeat(10 * 1024 * 1024)}\r\n`;
    const tooLarge = await postImport(t.app, world, id, BIO, { suppliersCSV: large }, { preview: true });
    expect((tooLarge.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'suppliersCSV',
        sheet: null,
        row: null,
        column: null,
        message: 'The file is 10.0 MB; at most 10 MB can be imported',
      },
    ]);
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    const cases = [
      [
        zipOf([{ name: 'xl/worksheets/sheet1.xml', content: zeros }]),
        'The workbook unpacks to more than 20 MB; at most that can be read',
      ],
      [
        zipOf([{ name: 'xl/worksheets/sheet1.xml', content: zeros, declaredSize: 1024 }]),
        'The workbook cannot be read: a part unpacks to more than it declares',
      ],
      [
        zipOf(Array.from({ length: 201 }, (_, i) => ({ name: `part${i}.xml`, content: Buffer.from('x') }))),
        'The workbook holds 201 parts; at most 200 can be read',
      ],
      [Buffer.from('name,offer\n'), 'The workbook is not an xlsx file: save it as an Excel workbook (.xlsx)'],
    ] as const;
    for (const [bytes, message] of cases) {
      const answer = await postImport(
        t.app,
        world,
        id,
        BIO,
        { datasetXLS: bytes, suppliersCSV: 'project,offer\r\n' },
        { preview: true },
      );
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as ImportDataPreview).errors).toEqual([
        { file: 'datasetXLS', sheet: null, row: null, column: null, message },
      ]);
    }
  }, 60_000);

  it('reads the Suppliers sheet of the downloaded workbook, and refuses a cell holding a formula', async () => {
    const { id, orchardId } = await round();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await download(t.app, world, id, 'suppliers.xlsx')).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Suppliers');
    if (!sheet) throw new Error('No Suppliers sheet');
    const orchardRow = Array.from({ length: sheet.actualRowCount }, (_, i) => i + 1).find(
      (n) => sheet.getRow(n).getCell(2).value === 'Orchard planting',
    );
    if (orchardRow === undefined) throw new Error('No orchard row');
    sheet.getRow(orchardRow).getCell(18).value = 640;
    const good = Buffer.from(await workbook.xlsx.writeBuffer());
    const saved = await postImport(t.app, world, id, BIO, {
      datasetXLS: good,
      suppliersCSV: 'project,offer\r\n',
    });
    expect(saved.statusCode).toBe(200);
    expect(await projectRows([orchardId])).toEqual({ [orchardId]: ['Offered', 640] });

    sheet.getRow(orchardRow).getCell(18).value = {
      formula: '600+40',
      result: 640,
    } as ExcelJS.CellFormulaValue;
    const formula = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await postImport(
      t.app,
      world,
      id,
      BIO,
      { datasetXLS: formula, suppliersCSV: 'project,offer\r\n' },
      { preview: true },
    );
    expect((preview.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'datasetXLS',
        sheet: 'Suppliers',
        row: orchardRow,
        column: 'offer',
        message: 'Holds a formula: give the value itself',
      },
    ]);
  });
});
