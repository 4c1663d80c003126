/** A CSV that cannot be read (unbalanced quotes). */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

/**
 * Splits RFC-4180 text into rows of fields: quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF and LF both end a row; a leading byte-order mark is dropped; a trailing empty line is ignored.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < input.length) {
    const char = input[index];
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && input[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) throw new CsvFormatError('A quoted field is not closed');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows of a CSV with a header, as records keyed by the header's names; answers each record with its line. */
export function readCsvRecords(text: string): {
  header: string[];
  records: { line: number; values: Record<string, string> }[];
} {
  const [header = [], ...rows] = parseCsv(text);
  const names = header.map((name) => name.trim());
  const records = rows.flatMap((cells, index) => {
    if (cells.length === 1 && cells[0]?.trim() === '') return [];
    const values: Record<string, string> = {};
    names.forEach((name, column) => {
      values[name] = cells[column] ?? '';
    });
    return [{ line: index + 2, values }];
  });
  return { header: names, records };
}
