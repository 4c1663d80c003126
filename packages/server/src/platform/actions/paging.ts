import { type ListQuery, type Page, type PageQuery, pageOf, pageSlice } from '@curlew/domain';
import { type AnyColumn, asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/connect.ts';

/** The list answer and its query, defined once in the domain for server and browser. */
export { listQuerySchema } from '@curlew/domain';

/** A `LIKE` pattern matching `text` anywhere, with the pattern characters of the text escaped. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The order of a sorted list: the asked column in the asked direction, then `tieBreak` so pages never overlap. */
export const listOrder = <Sort extends string>(
  columns: Readonly<Record<Sort, AnyColumn | SQL>>,
  query: Pick<ListQuery<Sort>, 'sort' | 'order'>,
  tieBreak: AnyColumn,
): SQL[] => [(query.order === 'desc' ? desc : asc)(columns[query.sort]), asc(tieBreak)];

/** Counts the rows of a table (or a join's base table) matching a condition. */
export async function countRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ value: count() }).from(table).where(where);
  return counted?.value ?? 0;
}

/** How a list's rows are read: the page's rows (given `limit` and `offset`) and the number matching in all. */
interface ListSource<Row> {
  rows(slice: { limit: number; offset: number }): Promise<Row[]>;
  total(): Promise<number>;
}

/**
 * Answers one page of a list: reads the page's rows and the total, presents the rows (all at once,
 * so a presenter needing more data reads it in one query for the page, never one per row) and wraps them in
 * the list answer. Every list route answers through it.
 */
export async function listPage<Row, Item>(
  query: PageQuery,
  source: ListSource<Row>,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const rows = await source.rows(pageSlice(query));
  const total = await source.total();
  return pageOf(await present(rows), total, query);
}
