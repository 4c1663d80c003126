import { readFile } from 'node:fs/promises';
import type { ImportDataFile, ImportRowError } from '@curlew/domain';
import type { ReceivedFile } from '../../platform/actions/uploads.ts';
import { CsvFormatError, csvFieldText, readCsvRecords } from '../../platform/csv.ts';
import { sheetName } from './datasets.write.ts';
import { readWorkbook, WorkbookRefused } from './xlsx-read.ts';

/** Bounds of an import: a file's size and a data set's rows. */
const IMPORT_LIMITS = { fileBytes: 10 * 1024 * 1024, rows: 10_000 } as const;

/** The data sets an import reads. */
export type ImportDataset = 'suppliers' | 'buyers' | 'investors';

/** The columns each data set must have to be imported (the others are read when present, or ignored). */
const IMPORT_REQUIRED_COLUMNS: Record<ImportDataset, readonly string[]> = {
  suppliers: ['project', 'offer'],
  buyers: ['requirement', 'bid'],
  investors: ['requirement', 'bid'],
};

/** One table of rows an import reads: a CSV file or a workbook sheet, with where its rows came from. */
export interface ImportTable {
  dataset: ImportDataset;
  file: ImportDataFile;
  sheet: string | null;
  records: { line: number; values: Record<string, string> }[];
}

const CSV_DATASET: Record<Exclude<ImportDataFile, 'datasetXLS'>, ImportDataset> = {
  suppliersCSV: 'suppliers',
  buyersCSV: 'buyers',
  investorsCSV: 'investors',
};

const MB = 1024 * 1024;

/**
 * Reads the files of an ImportData submission into tables: each CSV, and the workbook's Suppliers, Buyers and
 * Investors sheets (named as the data set downloads name them; other sheets are not read). A file over
 * IMPORT_LIMITS.fileBytes, a table over IMPORT_LIMITS.rows, a workbook that is not a safe xlsx, a CSV that cannot be
 * read and a table without the columns it needs are errors of the whole file (row null); a cell holding a formula
 * is an error of its row. Cells are trimmed; the apostrophe a download put before a formula character is removed.
 */
export async function readImportFiles(
  files: readonly ReceivedFile[],
): Promise<{ tables: ImportTable[]; errors: ImportRowError[] }> {
  const tables: ImportTable[] = [];
  const errors: ImportRowError[] = [];
  const fileError = (file: ImportDataFile, message: string, sheet: string | null = null) =>
    errors.push({ file, sheet, row: null, column: null, message });
  for (const received of files) {
    const file = received.fieldId as ImportDataFile;
    if (received.size > IMPORT_LIMITS.fileBytes) {
      fileError(
        file,
        `The file is ${(received.size / MB).toFixed(1)} MB; at most ${IMPORT_LIMITS.fileBytes / MB} MB can be imported`,
      );
      continue;
    }
    const bytes = await readFile(received.path);
    if (file === 'datasetXLS') {
      try {
        const { sheets, rowCounts } = await readWorkbook(bytes, IMPORT_LIMITS.rows);
        for (const dataset of ['suppliers', 'buyers', 'investors'] as const) {
          const sheet = sheets.find((s) => s.name.trim().toLowerCase() === dataset);
          if (!sheet) continue;
          const rows = rowCounts.get(sheet.name) ?? 0;
          if (rows > IMPORT_LIMITS.rows) {
            fileError(file, tooManyRows(rows), sheet.name);
            continue;
          }
          for (const problem of sheet.problems)
            errors.push({
              file,
              sheet: sheet.name,
              row: problem.line,
              column: problem.column,
              message: problem.message,
            });
          addTable({ dataset, file, sheet: sheet.name, header: sheet.header, records: sheet.records });
        }
        if (!sheets.some((s) => ['suppliers', 'buyers', 'investors'].includes(s.name.trim().toLowerCase())))
          fileError(
            file,
            `The workbook has no ${['suppliers', 'buyers', 'investors'].map(sheetName).join(', ')} sheet to import`,
          );
      } catch (error) {
        if (error instanceof WorkbookRefused) fileError(file, error.message);
        else throw error;
      }
      continue;
    }
    const dataset = CSV_DATASET[file];
    if (!dataset) continue;
    let parsed: ReturnType<typeof readCsvRecords>;
    try {
      parsed = readCsvRecords(bytes.toString('utf8'));
    } catch (error) {
      if (error instanceof CsvFormatError) {
        fileError(file, `The file cannot be read as CSV: ${error.message.toLowerCase()}`);
        continue;
      }
      throw error;
    }
    if (parsed.records.length > IMPORT_LIMITS.rows) {
      fileError(file, tooManyRows(parsed.records.length));
      continue;
    }
    addTable({ dataset, file, sheet: null, ...parsed });
  }
  return { tables, errors };

  function addTable(
    table: Omit<ImportTable, 'records'> & { header: string[]; records: ImportTable['records'] },
  ) {
    const missing = IMPORT_REQUIRED_COLUMNS[table.dataset].filter((column) => !table.header.includes(column));
    if (missing.length > 0) {
      fileError(
        table.file,
        `The ${table.dataset} data set needs the ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')}; download the data set for its columns`,
        table.sheet,
      );
      return;
    }
    tables.push({
      dataset: table.dataset,
      file: table.file,
      sheet: table.sheet,
      records: table.records.map(({ line, values }) => ({
        line,
        values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, csvFieldText(v.trim())])),
      })),
    });
  }
}

const tooManyRows = (rows: number) =>
  `The data set has ${rows.toLocaleString('en-GB')} rows; at most ${IMPORT_LIMITS.rows.toLocaleString('en-GB')} can be imported`;
