import {
  type FieldError,
  importErrorPath,
  type NcaImportLine,
  type NcaImportReport,
  ncaInputSchema,
} from '@curlew/domain';
import { inArray, sql } from 'drizzle-orm';
import { CsvFormatError, readCsvRecords } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { ncas } from './refdata.tables.ts';

/** The columns an NCA file must have (header row, any order, any case). */
const NCA_IMPORT_COLUMNS = ['number', 'name'] as const;

const nameOnlySchema = ncaInputSchema.pick({ number: true, name: true });

interface ParsedLine {
  line: number;
  number: number;
  name: string;
}

const failed = (errors: FieldError[], lines: number): AppError =>
  new AppError(
    'validation',
    `${lines} ${lines === 1 ? 'line has' : 'lines have'} errors; nothing was imported`,
    { errors },
  );

/** Reads and checks an NCA CSV; any problem is a 422 listing every bad line (`lines.{line}.{column}`). */
export function parseNcaCsv(text: string): ParsedLine[] {
  let table: ReturnType<typeof readCsvRecords>;
  try {
    table = readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvFormatError) throw failed([{ path: 'file', message: error.message }], 1);
    throw error;
  }
  const columns = new Map(table.header.map((name) => [name.toLowerCase(), name]));
  const missing = NCA_IMPORT_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    const message = `The first line must name the columns number and name (missing: ${missing.join(', ')})`;
    throw new AppError('validation', message, { errors: [{ path: 'file', message }] });
  }
  if (table.records.length === 0) {
    const message = 'The file has no NCAs below its header';
    throw new AppError('validation', message, { errors: [{ path: 'file', message }] });
  }
  const errors: FieldError[] = [];
  const badLines = new Set<number>();
  const firstLineOf = new Map<number, number>();
  const parsed: ParsedLine[] = [];
  for (const { line, values } of table.records) {
    const result = nameOnlySchema.safeParse({
      number: values[columns.get('number') ?? ''],
      name: values[columns.get('name') ?? ''],
    });
    if (!result.success) {
      badLines.add(line);
      for (const issue of result.error.issues) {
        errors.push({
          path: importErrorPath(line, issue.path.map(String).join('.')),
          message: issue.message,
        });
      }
      continue;
    }
    const earlier = firstLineOf.get(result.data.number);
    if (earlier !== undefined) {
      badLines.add(line);
      errors.push({
        path: importErrorPath(line, 'number'),
        message: `NCA ${result.data.number} is also on line ${earlier}`,
      });
      continue;
    }
    firstLineOf.set(result.data.number, line);
    parsed.push({ line, ...result.data });
  }
  if (errors.length > 0) throw failed(errors, badLines.size);
  return parsed;
}

/**
 * Creates the NCAs of the file and renames those whose name changed, in one statement (idempotent: importing the
 * same file again changes nothing). The active flag of existing NCAs is kept.
 */
export async function importNcas(
  db: Queryable,
  lines: readonly ParsedLine[],
  now: Date,
): Promise<NcaImportReport> {
  const existing = new Map(
    (
      await db
        .select({ number: ncas.number, name: ncas.name })
        .from(ncas)
        .where(
          inArray(
            ncas.number,
            lines.map((line) => line.number),
          ),
        )
    ).map((row) => [row.number, row.name]),
  );
  const report: NcaImportLine[] = lines.map((line) => {
    const known = existing.get(line.number);
    const outcome = known === undefined ? 'created' : known === line.name ? 'unchanged' : 'updated';
    return { line: line.line, number: line.number, name: line.name, outcome };
  });
  const changed = lines.filter((line) => existing.get(line.number) !== line.name);
  if (changed.length > 0) {
    await db
      .insert(ncas)
      .values(
        changed.map((line) => ({ number: line.number, name: line.name, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: ncas.number,
        set: { name: sql`excluded.name`, updatedAt: now },
      });
  }
  const count = (outcome: NcaImportLine['outcome']) =>
    report.filter((line) => line.outcome === outcome).length;
  const created = count('created');
  const updated = count('updated');
  const unchanged = count('unchanged');
  return {
    message: `Imported ${lines.length} NCAs: ${created} created, ${updated} updated, ${unchanged} unchanged`,
    created,
    updated,
    unchanged,
    lines: report,
  };
}
