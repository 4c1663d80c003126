/** A cell of a CSV file: text, a number, a yes/no or nothing. */
export type CsvCell = string | number | boolean | null;

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; text starting with a formula character
 * (=, +, -, @, tab, carriage return) is prefixed with an apostrophe so a spreadsheet shows it as text. Numbers are
 * written as numbers (a negative number stays a number); nothing is an empty field.
 */
export const csvField = (value: CsvCell): string => {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Reads back a field `csvField` wrote: the apostrophe it put before a formula character is removed. */
export const csvFieldText = (field: string): string =>
  field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;

/** A CSV line of cells (no line ending). */
export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvField).join(',');

/** A whole CSV file: the header and the rows, CRLF line endings, a final line break. */
export const csvText = (columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  `${[csvLine(columns), ...rows.map(csvLine)].join('\r\n')}\r\n`;
