import {
  type FieldError,
  importErrorPath,
  type NcaNeighbourImportLine,
  type NcaNeighbourImportReport,
  ncaInputSchema,
} from '@curlew/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { CsvFormatError, readCsvRecords } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { ncaNeighbours, ncas } from './refdata.tables.ts';

/** The columns an NCA neighbours file must have (header row, any order, any case): two NCA numbers per line. */
export const NCA_NEIGHBOUR_IMPORT_COLUMNS = ['nca', 'neighbour'] as const;

const numberSchema = ncaInputSchema.shape.number;

/** One line of a neighbours file: two NCA numbers. */
interface NcaNeighbourLine {
  line: number;
  nca: number;
  neighbour: number;
}

const refused = (errors: FieldError[], lines: number): AppError =>
  new AppError(
    'validation',
    `${lines} ${lines === 1 ? 'line has' : 'lines have'} errors; nothing was imported`,
    { errors },
  );

const fileError = (message: string): AppError =>
  new AppError('validation', message, { errors: [{ path: 'file', message }] });

/** The id of every NCA among `numbers`, by number. */
async function ncaIdsByNumber(db: Queryable, numbers: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: ncas.id, number: ncas.number })
    .from(ncas)
    .where(inArray(ncas.number, unique));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** Both rows of each unordered pair, once. */
const bothWays = (pairs: readonly (readonly [string, string])[]) => {
  const rows = new Map<string, { ncaId: string; neighbourId: string }>();
  for (const [a, b] of pairs) {
    rows.set(`${a} ${b}`, { ncaId: a, neighbourId: b });
    rows.set(`${b} ${a}`, { ncaId: b, neighbourId: a });
  }
  return [...rows.values()];
};

/**
 * Replaces an NCA's neighbours with the NCAs numbered `numbers` (both sides of each pair change together).
 * 422 naming the field when a number is not a known NCA or is the NCA's own.
 */
export async function setNcaNeighbours(
  tx: Queryable,
  nca: { id: string; number: number },
  numbers: readonly number[],
): Promise<void> {
  const ids = await ncaIdsByNumber(tx, numbers);
  const errors: FieldError[] = [];
  numbers.forEach((number, index) => {
    if (number === nca.number)
      errors.push({ path: `neighbours.${index}`, message: 'An NCA cannot be its own neighbour' });
    else if (!ids.has(number))
      errors.push({ path: `neighbours.${index}`, message: `There is no NCA ${number}` });
  });
  if (errors.length > 0) throw new AppError('validation', 'Check the neighbours', { errors });
  await tx
    .delete(ncaNeighbours)
    .where(or(eq(ncaNeighbours.ncaId, nca.id), eq(ncaNeighbours.neighbourId, nca.id)));
  const rows = bothWays([...ids.values()].map((id) => [nca.id, id] as const));
  if (rows.length > 0) await tx.insert(ncaNeighbours).values(rows);
}

/** Reads and checks the shape of a neighbours CSV (numbers, no self-pairs); 422 listing every bad line. */
export function parseNcaNeighbourCsv(text: string): NcaNeighbourLine[] {
  let table: ReturnType<typeof readCsvRecords>;
  try {
    table = readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvFormatError) throw refused([{ path: 'file', message: error.message }], 1);
    throw error;
  }
  const columns = new Map(table.header.map((name) => [name.toLowerCase(), name]));
  const missing = NCA_NEIGHBOUR_IMPORT_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0)
    throw fileError(
      `The first line must name the columns nca and neighbour (missing: ${missing.join(', ')})`,
    );
  if (table.records.length === 0) throw fileError('The file has no neighbours below its header');
  const errors: FieldError[] = [];
  const badLines = new Set<number>();
  const parsed: NcaNeighbourLine[] = [];
  for (const { line, values } of table.records) {
    const read = (column: (typeof NCA_NEIGHBOUR_IMPORT_COLUMNS)[number]) => {
      const cell = values[columns.get(column) ?? '']?.trim();
      const result = numberSchema.safeParse(cell === '' ? undefined : cell);
      if (result.success) return result.data;
      badLines.add(line);
      for (const issue of result.error.issues)
        errors.push({ path: importErrorPath(line, column), message: issue.message });
      return undefined;
    };
    const nca = read('nca');
    const neighbour = read('neighbour');
    if (nca === undefined || neighbour === undefined) continue;
    if (nca === neighbour) {
      badLines.add(line);
      errors.push({
        path: importErrorPath(line, 'neighbour'),
        message: 'An NCA cannot be its own neighbour',
      });
      continue;
    }
    parsed.push({ line, nca, neighbour });
  }
  if (errors.length > 0) throw refused(errors, badLines.size);
  return parsed;
}

/**
 * Adds the pairs of a checked file (a pair may be listed once or both ways); every number must be a known NCA or
 * nothing is imported. Idempotent: pairs already known are reported unchanged.
 */
export async function importNcaNeighbours(
  tx: Queryable,
  lines: readonly NcaNeighbourLine[],
): Promise<NcaNeighbourImportReport> {
  const ids = await ncaIdsByNumber(
    tx,
    lines.flatMap((line) => [line.nca, line.neighbour]),
  );
  const errors: FieldError[] = [];
  const badLines = new Set<number>();
  for (const line of lines) {
    for (const column of NCA_NEIGHBOUR_IMPORT_COLUMNS) {
      if (ids.has(line[column])) continue;
      badLines.add(line.line);
      errors.push({ path: importErrorPath(line.line, column), message: `There is no NCA ${line[column]}` });
    }
  }
  if (errors.length > 0) throw refused(errors, badLines.size);
  const idOf = (number: number) => ids.get(number) ?? '';
  const known = new Set(
    (
      await tx
        .select({ ncaId: ncaNeighbours.ncaId, neighbourId: ncaNeighbours.neighbourId })
        .from(ncaNeighbours)
        .where(inArray(ncaNeighbours.ncaId, [...ids.values()]))
    ).map((row) => `${row.ncaId} ${row.neighbourId}`),
  );
  const seen = new Set<string>();
  const report: NcaNeighbourImportLine[] = lines.map((line) => {
    const [a, b] = [idOf(line.nca), idOf(line.neighbour)].sort();
    const key = `${a} ${b}`;
    const outcome = known.has(key) || seen.has(key) ? 'unchanged' : 'created';
    seen.add(key);
    return { line: line.line, nca: line.nca, neighbour: line.neighbour, outcome };
  });
  const rows = bothWays(lines.map((line) => [idOf(line.nca), idOf(line.neighbour)] as const));
  if (rows.length > 0) await tx.insert(ncaNeighbours).values(rows).onConflictDoNothing();
  const created = report.filter((line) => line.outcome === 'created').length;
  const unchanged = lines.length - created;
  const pairs = (count: number) => `${count} ${count === 1 ? 'pair' : 'pairs'}`;
  return {
    message: `Imported ${pairs(lines.length)} of neighbouring NCAs: ${created} new, ${unchanged} already known`,
    created,
    unchanged,
    lines: report,
  };
}

/** The unordered pairs of neighbouring NCAs among `ncaIds` (by id, the smaller first), for a round's instance. */
export async function ncaNeighbourPairsAmong(
  db: Queryable,
  ncaIds: readonly string[],
): Promise<[string, string][]> {
  // Only record ids can have neighbours; anything else would fail the uuid comparison.
  const ids = [...new Set(ncaIds)].filter(isRecordId);
  if (ids.length < 2) return [];
  const rows = await db
    .select({ ncaId: ncaNeighbours.ncaId, neighbourId: ncaNeighbours.neighbourId })
    .from(ncaNeighbours)
    .where(
      and(
        inArray(ncaNeighbours.ncaId, ids),
        inArray(ncaNeighbours.neighbourId, ids),
        sql`${ncaNeighbours.ncaId} < ${ncaNeighbours.neighbourId}`,
      ),
    );
  return rows.map((row) => [row.ncaId, row.neighbourId]);
}
