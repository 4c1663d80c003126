import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvText } from '../../platform/csv.ts';
import type { Dataset, DatasetFormat } from './datasets.build.ts';

/** The content type of each data set format. */
export const DATASET_CONTENT_TYPES: Record<DatasetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The sheet name of a data set in a workbook: its name with a capital letter ("Suppliers"). */
export const sheetName = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** A data set as CSV text (cells safe against spreadsheet formulas, see `csvField`). */
export const datasetCsv = (dataset: Dataset): string => csvText(dataset.columns, dataset.rows);

/**
 * A data set as an XLSX workbook of one sheet, streamed: rows are committed as they are written, so the workbook is
 * never held whole. Text cells are written as text (never formulas); yes/no as TRUE/FALSE.
 */
export function datasetXlsx(dataset: Dataset): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName(dataset.name));
  void (async () => {
    sheet.addRow(dataset.columns).commit();
    for (const row of dataset.rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
