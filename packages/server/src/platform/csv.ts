import { CsvError, parse } from 'csv-parse/sync';
import { type Options as StringifyOptions, stringify } from 'csv-stringify/sync';

/** A cell of a CSV file: text, a number, a yes/no or nothing. */
export type CsvCell = string | number | boolean | null;

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How Curlew writes CSV: CRLF line endings; a field quoted when it holds a comma, a quote or any line break; text
 * starting with a formula character (=, +, -, @, tab, carriage return) prefixed with an apostrophe so a spreadsheet
 * shows it as text; numbers as numbers (a negative number stays a number); yes/no as true/false; nothing as an
 * empty field.
 */
const WRITE_OPTIONS: StringifyOptions = {
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
  cast: {
    string: (text) => (FORMULA_START.test(text) ? `'${text}` : text),
    boolean: (value) => String(value),
  },
};

/** A CSV line of cells (no line ending). */
export const csvLine = (cells: readonly CsvCell[]): string =>
  stringify([[...cells]], { ...WRITE_OPTIONS, eof: false });

/** One CSV field, written as `csvLine` writes it. */
export const csvField = (value: CsvCell): string => csvLine([value]);

/** A whole CSV file: the header and the rows, CRLF line endings, a final line break. */
export const csvText = (columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  stringify([[...columns], ...rows.map((row) => [...row])], WRITE_OPTIONS);

/** Reads back a field `csvField` wrote: the apostrophe it put before a formula character is removed. */
export const csvFieldText = (field: string): string =>
  field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;

/** A CSV that cannot be read (unbalanced quotes). */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

/**
 * Splits RFC-4180 text into rows of fields: quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF
 * and CR each end a row, mixed in one file too; a leading byte-order mark is dropped; an empty line is a row of one
 * empty field; a trailing line break adds no row; rows may differ in length; a quote inside an unquoted field is
 * text.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new CsvFormatError(
      error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quoted field is not closed' : error.message,
    );
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** The line breaks inside a row's fields (a quoted field may span lines). */
const breaksIn = (row: readonly string[]): number =>
  row.reduce((count, field) => count + (field.match(LINE_BREAK)?.length ?? 0), 0);

/**
 * Rows of a CSV with a header, as records keyed by the header's names (trimmed); blank lines are skipped. Each record
 * answers the line of the file it starts on, counting the lines that quoted fields span.
 */
export function readCsvRecords(text: string): {
  header: string[];
  records: { line: number; values: Record<string, string> }[];
} {
  const [header = [], ...rows] = parseCsv(text);
  const names = header.map((name) => name.trim());
  // Counted from the rows: csv-parse's own `info.lines` counts a CRLF inside a quoted field as two lines.
  let line = 1 + breaksIn(header);
  const records: { line: number; values: Record<string, string> }[] = [];
  for (const cells of rows) {
    line += 1;
    const start = line;
    line += breaksIn(cells);
    if (cells.length === 1 && cells[0]?.trim() === '') continue;
    const values: Record<string, string> = {};
    names.forEach((name, column) => {
      values[name] = cells[column] ?? '';
    });
    records.push({ line: start, values });
  }
  return { header: names, records };
}
