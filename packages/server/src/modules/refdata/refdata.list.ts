import type { Page, RefDataListQuery } from '@curlew/domain';
import { pageOf as pageAnswer, pageSlice, REFDATA_TYPE_LABELS, type RefDataType } from '@curlew/domain';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  type InferSelectModel,
  ilike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, CONFLICT_MESSAGE, validationError } from '../../platform/errors.ts';

/** How a type's list can be sorted, searched and filtered on active. */
export interface ListSpec {
  /** Sortable columns by the name the API uses (`sort=name`). */
  sortColumns: Record<string, AnyColumn | SQL>;
  /** The column used when no sort is asked for; later rows tie-break on `tieBreak`. */
  defaultSort: string;
  tieBreak: AnyColumn;
  /** Columns `q` is looked for in (case-insensitive substring). */
  searchColumns: readonly (AnyColumn | SQL)[];
  /** The active flag, when the type has one. */
  activeColumn?: AnyColumn;
}

/** The where, order and slice of one list request. */
interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Builds the clauses of a list query; an unknown sort column is a 422 on `sort`. */
export function listClauses(
  spec: ListSpec,
  query: RefDataListQuery,
  filters: (SQL | undefined)[] = [],
): ListClauses {
  const sortName = query.sort ?? spec.defaultSort;
  const sortColumn = Object.hasOwn(spec.sortColumns, sortName) ? spec.sortColumns[sortName] : undefined;
  if (sortColumn === undefined) {
    throw validationError(
      'sort',
      `Cannot sort by '${sortName}': use ${Object.keys(spec.sortColumns).join(', ')}`,
    );
  }
  const conditions: (SQL | undefined)[] = [...filters];
  if (query.active && spec.activeColumn) conditions.push(eq(spec.activeColumn, true));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(...spec.searchColumns.map((column) => ilike(sql`${column}::text`, pattern))));
  }
  const direction = query.order === 'desc' ? desc : asc;
  return {
    where: and(...conditions),
    orderBy: [direction(sortColumn), asc(spec.tieBreak)],
    ...pageSlice(query),
  };
}

/** A page answer (the domain's list answer). */
export const pageOf = <T>(items: T[], total: number, query: RefDataListQuery): Page<T> =>
  pageAnswer(items, total, query);

const UNIQUE_VIOLATION = '23505';

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
};

/** Whether a database error (or the driver error it wraps) is a unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  if (errorCode(error) === UNIQUE_VIOLATION) return true;
  const cause =
    typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return cause !== undefined && isUniqueViolation(cause);
}

/**
 * Runs a write; a unique-constraint violation becomes the 409 'identical item already exists' (SPEC 8), with
 * the field that must be unique and a message saying why.
 */
export async function withConflictCheck<T>(
  write: () => Promise<T>,
  path: string,
  detail: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', CONFLICT_MESSAGE, { errors: [{ path, message: detail }] });
    }
    throw error;
  }
}

/** Count of all rows and of active rows, as numbers. */
export const countColumns = (active: AnyColumn) => ({
  count: sql<number>`count(*)`.mapWith(Number),
  activeCount: sql<number>`count(*) filter (where ${active})`.mapWith(Number),
});

/** The 404 of a reference item: what is missing, in words (never its id). */
export const itemNotFound = (type: RefDataType, _id: string): AppError =>
  new AppError(
    'not_found',
    `This ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()} does not exist or is no longer in use`,
  );

/** Whether a text is a UUID (ids of reference items); other ids are simply not found. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** One page of a table's rows for the clauses, with the total number of matching rows. */
export async function selectPage<T extends PgTable>(
  db: Queryable,
  table: T,
  clauses: ListClauses,
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(table as PgTable)
    .where(clauses.where);
  return { rows: rows as InferSelectModel<T>[], total: counted?.total ?? 0 };
}
