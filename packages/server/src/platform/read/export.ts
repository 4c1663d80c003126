import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CsvCell, csvLine } from '../csv.ts';

/** The formats a declared list answers besides its JSON page. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One column of a list's export: its header and its value for a list item. */
export interface ExportColumn<Item> {
  header: string;
  value(item: Item): CsvCell;
  /** The column's width in a spreadsheet (characters); 20 when absent. */
  width?: number;
}

/** The media type of each export format. */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A spreadsheet cell: text that would start a formula is kept as text (an apostrophe before it), as in the CSV. */
const spreadsheetCell = (value: CsvCell): string | number | boolean | null =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

/** The items of an export, chunk by chunk (each chunk read and presented in one go). */
type ItemChunks<Item> = AsyncIterable<readonly Item[]>;

/** The last row of an export the row cap cut short: it says so, in its first column. */
export const exportCutMessage = (cutAt: number): string =>
  `Export cut at ${cutAt.toLocaleString('en-GB')} rows: narrow the filters to export the rest`;

/**
 * A CSV file of the items: the header, then a line per item, CRLF line ends and a final line break; when the row
 * cap cut the list (`cutAt`), a last line saying so.
 */
export function csvStream<Item>(
  columns: readonly ExportColumn<Item>[],
  chunks: ItemChunks<Item>,
  cutAt?: number,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `${csvLine(columns.map((column) => column.header))}\r\n`;
    for await (const items of chunks) {
      if (items.length === 0) continue;
      yield `${items.map((item) => csvLine(columns.map((column) => column.value(item)))).join('\r\n')}\r\n`;
    }
    if (cutAt !== undefined) yield `${csvLine([exportCutMessage(cutAt)])}\r\n`;
  }
  return Readable.from(lines());
}

/**
 * An XLSX workbook of the items (one sheet named `sheetName`, the headers in its first row), written row by row into
 * the returned stream by exceljs' streaming writer, so the answer starts before the workbook is whole; when the row
 * cap cut the list (`cutAt`), a last row saying so.
 */
export function xlsxStream<Item>(
  sheetName: string,
  columns: readonly ExportColumn<Item>[],
  chunks: ItemChunks<Item>,
  cutAt?: number,
): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  const write = async () => {
    for await (const items of chunks)
      for (const item of items)
        sheet.addRow(columns.map((column) => spreadsheetCell(column.value(item)))).commit();
    if (cutAt !== undefined) sheet.addRow([exportCutMessage(cutAt)]).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
