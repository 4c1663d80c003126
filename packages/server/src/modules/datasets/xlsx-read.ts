import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/** Bounds of a workbook read for an import: its entries, their total size unpacked and the rows of a sheet. */
const XLSX_LIMITS = { entries: 200, unpackedBytes: 20 * 1024 * 1024 } as const;

/** A workbook that cannot be read, with the sentence saying why. */
export class WorkbookRefused extends Error {
  override name = 'WorkbookRefused';
}

/** One sheet of a workbook as text cells: the header and each row with its sheet row number. */
interface SheetTable {
  name: string;
  header: string[];
  records: { line: number; values: Record<string, string> }[];
  /** Cells that hold a formula or an error instead of a value: row, column and what is wrong. */
  problems: { line: number; column: string; message: string }[];
}

const MB = 1024 * 1024;

/**
 * Checks an xlsx file before it is parsed, against zip bombs: it must be a zip archive; the central directory must
 * list at most XLSX_LIMITS.entries entries whose declared unpacked sizes add up to at most
 * XLSX_LIMITS.unpackedBytes; and every entry is then inflated (and thrown away) with yauzl checking that no entry
 * unpacks to more than it declared, so the parser never meets more than the bound.
 */
async function assertSafeWorkbook(bytes: Buffer): Promise<void> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
    throw new WorkbookRefused('The workbook is not an xlsx file: save it as an Excel workbook (.xlsx)');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new WorkbookRefused('The workbook cannot be read: the file is damaged');
  }
  try {
    if (zip.entryCount > XLSX_LIMITS.entries)
      throw new WorkbookRefused(
        `The workbook holds ${zip.entryCount} parts; at most ${XLSX_LIMITS.entries} can be read`,
      );
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > XLSX_LIMITS.unpackedBytes)
        throw new WorkbookRefused(
          `The workbook unpacks to more than ${XLSX_LIMITS.unpackedBytes / MB} MB; at most that can be read`,
        );
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const _chunk of stream) {
          // Inflated and dropped: yauzl fails the stream when an entry unpacks to more than it declared.
        }
      } catch {
        throw new WorkbookRefused('The workbook cannot be read: a part unpacks to more than it declares');
      }
    }
  } finally {
    zip.close();
  }
}

type CellValue = ExcelJS.CellValue;

/** A cell's value as text, or why it cannot be read. */
function cellText(value: CellValue): { text: string } | { problem: string } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if ('richText' in value) return { text: value.richText.map((part) => part.text).join('') };
  if ('formula' in value || 'sharedFormula' in value)
    return { problem: 'Holds a formula: give the value itself' };
  if ('error' in value) return { problem: `Holds the spreadsheet error ${value.error}` };
  if ('text' in value) return { text: String(value.text) };
  return { problem: 'Cannot be read as text or a number' };
}

/**
 * The sheets of a workbook (checked with `assertSafeWorkbook` first) as text tables, by sheet name; rows past
 * `maxRows` are not read (the caller says the sheet is too long by `rowCount`).
 */
export async function readWorkbook(
  bytes: Buffer,
  maxRows: number,
): Promise<{ sheets: SheetTable[]; rowCounts: Map<string, number> }> {
  await assertSafeWorkbook(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new WorkbookRefused('The workbook cannot be read: the file is damaged');
  }
  const sheets: SheetTable[] = [];
  const rowCounts = new Map<string, number>();
  for (const sheet of workbook.worksheets) {
    rowCounts.set(sheet.name, Math.max(0, sheet.actualRowCount - 1));
    const header: string[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
      const read = cellText(cell.value);
      header[column - 1] = 'text' in read ? read.text.trim() : '';
    });
    const table: SheetTable = { name: sheet.name, header, records: [], problems: [] };
    const last = Math.min(sheet.actualRowCount, maxRows + 1);
    for (let line = 2; line <= sheet.rowCount && table.records.length < last - 1; line += 1) {
      const row = sheet.getRow(line);
      if (!row.hasValues) continue;
      const values: Record<string, string> = {};
      header.forEach((name, index) => {
        const read = cellText(row.getCell(index + 1).value);
        if ('text' in read) values[name] = read.text;
        else {
          values[name] = '';
          table.problems.push({ line, column: name, message: read.problem });
        }
      });
      table.records.push({ line, values });
    }
    sheets.push(table);
  }
  return { sheets, rowCounts };
}
