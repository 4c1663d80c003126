import type { ListQuery } from '@curlew/domain';
import { type AnyColumn, and, asc, count, desc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { containsPattern, countRows } from '../actions/paging.ts';
import type { Actor } from '../actions/types.ts';
import { chunksOf } from '../db/chunks.ts';
import type { Queryable } from '../db/connect.ts';
import { countedPage } from './counted-page.ts';
import type { ExportColumn } from './export.ts';

/** The keys every list query has (and `format`, which the platform reads); the others are the list's filters. */
export type BaseKey = 'q' | 'sort' | 'order' | 'page' | 'pageSize' | 'format';

/** What a filter and the row source may read besides the query: the reader and the time of the request. */
export interface ListContext {
  db: Queryable;
  actor: Actor;
  now: Date;
}

/** What offering a listed row its actions needs of the request: its database and its time. */
export const listDeps = (context: ListContext): { db: ListContext['db']; clock: () => Date } => ({
  db: context.db,
  clock: () => context.now,
});

/**
 * A sort key's column: a column of the list's table, or a column of a joined table with the join it needs (the
 * page's ids are chosen on the list's table, joined only to what the sort names).
 */
export type SortColumn = AnyColumn | SQL | { column: AnyColumn; join: { table: PgTable; on: SQL } };

/** Each filter of a query, as the condition it adds when the query gives it (undefined: no condition). */
export type ListFilters<Query> = {
  [Key in Exclude<keyof Query, BaseKey>]-?: (
    value: NonNullable<Query[Key]>,
    context: ListContext,
  ) => SQL | undefined;
};

/** A declared list: `GET /api/{collection}` with its filters, sort, search, page, and its exports. */
export interface ListSpec<Query extends ListQuery, Row, Item extends { id: string }> {
  /** The query (built on `listQuerySchema`, shared with the web's filter bar); `format` is added by the platform. */
  query: z.ZodType<Query>;
  /** The list's table and its id column: the page's ids are chosen on it. */
  table: PgTable;
  id: PgColumn;
  /**
   * Tables every row has one of (inner joins), when the scope, the search or a filter reads them: they are joined to
   * choose and count the ids (none for most lists).
   */
  joins?: readonly { table: PgTable; on: SQL }[];
  /** The reader's scope as a condition on the list's table (undefined: every row). */
  scope(actor: Actor): SQL | undefined;
  /**
   * A check of the query before anything is read, for a list that is the part of one record (a record's activity or
   * comments, an organisation's users): it refuses (400 without the record, 404 when the reader cannot see it, 403
   * when the reader may see the record but not this list of it) and the scope is that record.
   */
  guard?(query: Query, context: ListContext): Promise<void>;
  /** Every filter of the query; a filter the query has and this map lacks is a compile error. */
  filters: ListFilters<Query>;
  /** The column of each sort key. */
  sort: Readonly<Record<Query['sort'], SortColumn>>;
  /** The columns `q` searches (any of them containing the text, case-insensitively); the search matches their words too. */
  search: readonly (AnyColumn | SQL)[];
  /** The weighted full-text document of the list's rows (`searchDocumentOf`), when the search finds the entity. */
  document?: SQL;
  /** The scoped row source: the rows in the reader's scope meeting `where`, with whatever the presenter needs. */
  rows(context: ListContext, where: SQL): Promise<Row[]>;
  /** Presents a page's rows at once (one query for the page, never one per row); a row may be left out. */
  present(rows: Row[], context: ListContext): Item[] | Promise<Item[]>;
  /** The export of the same list: file name (without extension), columns and the most rows one export answers. */
  export: { filename: string; sheet: string; columns: readonly ExportColumn<Item>[]; maxRows: number };
}

const sortParts = (entry: SortColumn): { column: AnyColumn | SQL; join?: { table: PgTable; on: SQL } } =>
  typeof entry === 'object' && entry !== null && 'join' in entry ? entry : { column: entry };

/** The list's condition for a query: the reader's scope, the search and every filter given. */
export function listCondition<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  query: Query,
  context: ListContext,
): SQL | undefined {
  const filters = Object.entries(spec.filters) as [
    keyof Query,
    (value: unknown, context: ListContext) => SQL | undefined,
  ][];
  return and(
    spec.scope(context.actor),
    query.q === undefined
      ? undefined
      : or(...spec.search.map((column) => ilike(column, containsPattern(query.q as string)))),
    ...filters.map(([key, filter]) => (query[key] === undefined ? undefined : filter(query[key], context))),
  );
}

/**
 * The ids of one slice of the list, in the list's order (the sort key, then the id so pages never overlap), chosen
 * on the list's table alone, joined only to what the sort names. A text search without a join reads its matches
 * once, then sorts them for the page and counts them (its `total`): matching the text on every row is the costly
 * part, and reading them first keeps the planner from walking the sort's index past every row that does not match.
 */
async function listIds<Query extends ListQuery, Row, Item extends { id: string }>(
  db: Queryable,
  spec: ListSpec<Query, Row, Item>,
  query: Query,
  where: SQL | undefined,
  slice: { limit: number; offset: number },
): Promise<{ ids: string[]; total?: number }> {
  const direction = query.order === 'desc' ? desc : asc;
  const { column, join } = sortParts(spec.sort[query.sort as Query['sort']]);
  if (query.q !== undefined && join === undefined) {
    const matched = withJoins(
      db
        .select({ id: spec.id, key: sql`${column}`.as('sort_key') })
        .from(spec.table)
        .$dynamic(),
      spec.joins,
    ).where(where);
    const { rows, total } = await countedPage<{ id: string }>(
      db,
      matched.getSQL(),
      { columns: sql`matched.id`, order: sql`${direction(sql`matched.sort_key`)}, matched.id` },
      slice,
    );
    return { ids: rows.map((row) => row.id), total };
  }
  const base = withJoins(db.select({ id: spec.id }).from(spec.table).$dynamic(), spec.joins);
  const joined = join === undefined ? base : base.leftJoin(join.table, join.on);
  const page = await joined
    .where(where)
    .orderBy(direction(column), asc(spec.id))
    .limit(slice.limit)
    .offset(slice.offset);
  return { ids: page.map((row) => row.id as string) };
}

/** A select of the list's table with the list's inner joins. */
export function withJoins<Select extends PgSelect>(
  select: Select,
  joins: readonly { table: PgTable; on: SQL }[] = [],
): Select {
  // A dynamic select joins in place.
  for (const { table, on } of joins) select.innerJoin(table, on);
  return select;
}

/** How many rows of the list meet the condition. */
async function countItems<Query extends ListQuery, Row, Item extends { id: string }>(
  db: Queryable,
  spec: ListSpec<Query, Row, Item>,
  where: SQL | undefined,
): Promise<number> {
  if (spec.joins === undefined || spec.joins.length === 0) return countRows(db, spec.table, where);
  const [counted] = await withJoins(
    db.select({ value: count() }).from(spec.table).$dynamic(),
    spec.joins,
  ).where(where);
  return counted?.value ?? 0;
}

/** The presented items of some ids, in the ids' order (an id whose row is gone or left out is skipped). */
async function itemsOf<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  context: ListContext,
  ids: readonly string[],
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const items = await spec.present(await spec.rows(context, inArray(spec.id, [...ids])), context);
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}

/** One page of the list: the page's ids first, then their rows, presented at once; and the number matching. */
export async function listItems<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  query: Query,
  context: ListContext,
): Promise<{ items: Item[]; total: number }> {
  const where = listCondition(spec, query, context);
  const { ids, total } = await listIds(context.db, spec, query, where, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = await itemsOf(spec, context, ids);
  return { items, total: total ?? (await countItems(context.db, spec, where)) };
}

/** How many rows an export reads and presents at once. */
const EXPORT_CHUNK = 1000;

/** An export's items, chunk by chunk, and the row cap when the cap cut the list short (undefined when every row is in). */
export interface ExportItems<Item> {
  chunks: AsyncIterable<readonly Item[]>;
  cutAt: number | undefined;
}

/**
 * Every matching item of the list up to the export's row cap, in the list's order: the ids are chosen now (so a
 * failing query answers an error, not a broken file), the rows read and presented a chunk at a time as the file is
 * written. One id past the cap is asked for, to tell whether the cap cut the list.
 */
export async function exportItems<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  query: Query,
  context: ListContext,
): Promise<ExportItems<Item>> {
  const where = listCondition(spec, query, context);
  const { maxRows } = spec.export;
  const { ids: found } = await listIds(context.db, spec, query, where, { limit: maxRows + 1, offset: 0 });
  const ids = found.slice(0, maxRows);
  return {
    chunks: (async function* chunks() {
      for (const chunk of chunksOf(ids, EXPORT_CHUNK)) yield await itemsOf(spec, context, chunk);
    })(),
    cutAt: found.length > maxRows ? maxRows : undefined,
  };
}
