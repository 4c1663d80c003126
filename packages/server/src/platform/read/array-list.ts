import type { ListQuery } from '@curlew/domain';
import type { z } from 'zod';
import type { ExportColumn } from './export.ts';
import type { BaseKey, ExportItems, ListContext } from './list.ts';

/** A sort key's value of an item: compared as numbers, or as text in the list's language. */
type SortValue = string | number | boolean | null;

/**
 * Each filter of a query, as the test it adds on the items when the query gives it (undefined: no test, for a
 * parameter the source reads itself, such as the round whose review is listed).
 */
export type ArrayListFilters<Query, Item> = {
  [Key in Exclude<keyof Query, BaseKey>]-?: (
    value: NonNullable<Query[Key]>,
    context: ListContext,
  ) => ((item: Item) => boolean) | undefined;
};

/**
 * A declared list worked out in memory (a round's review is computed, not stored): the source answers every item in
 * the reader's scope, in the list's natural order, and the platform filters, searches, sorts and pages them, and
 * exports the same list, as it does for a list on a table. Only for lists whose source is small and whole.
 */
export interface ArrayListSpec<Query extends ListQuery, Item> {
  /** The query (built on `listQuerySchema`); `format` is added by the platform. */
  query: z.ZodType<Query>;
  /** A check of the query before the source is read (as a table list's guard). */
  guard?(query: Query, context: ListContext): Promise<void>;
  /** Every item of the list in the reader's scope, in its natural order; it refuses as the list's record would. */
  source(query: Query, context: ListContext): Promise<readonly Item[]>;
  /** Every filter of the query; a filter the query has and this map lacks is a compile error. */
  filters: ArrayListFilters<Query, Item>;
  /** The value of each sort key, of an item at its place in the natural order; ties keep that order. */
  sort: Readonly<Record<Query['sort'], (item: Item, position: number) => SortValue>>;
  /** The texts `q` searches (any of them containing the text, case-insensitively). */
  search: readonly ((item: Item) => string)[];
  /** The export of the same list: file name (without extension), columns and the most rows one export answers. */
  export: { filename: string; sheet: string; columns: readonly ExportColumn<Item>[]; maxRows: number };
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Nulls last in ascending order, first in descending (as PostgreSQL orders them). */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/** The items of the list meeting the query's search and filters, in the query's order. */
async function matchingItems<Query extends ListQuery, Item>(
  spec: ArrayListSpec<Query, Item>,
  query: Query,
  context: ListContext,
): Promise<Item[]> {
  const filters = Object.entries(spec.filters) as [
    keyof Query,
    (value: unknown, context: ListContext) => ((item: Item) => boolean) | undefined,
  ][];
  const tests = filters.flatMap(([key, filter]) => {
    const test = query[key] === undefined ? undefined : filter(query[key], context);
    return test === undefined ? [] : [test];
  });
  const needle = query.q?.toLocaleLowerCase('en-GB');
  const searched = (item: Item) =>
    needle === undefined ||
    spec.search.some((text) => text(item).toLocaleLowerCase('en-GB').includes(needle));
  const keyOf = spec.sort[query.sort as Query['sort']];
  const direction = query.order === 'desc' ? -1 : 1;
  return (await spec.source(query, context))
    .map((item, position) => ({ item, position }))
    .filter(({ item }) => searched(item) && tests.every((test) => test(item)))
    .sort(
      (a, b) =>
        direction * compareValues(keyOf(a.item, a.position), keyOf(b.item, b.position)) ||
        a.position - b.position,
    )
    .map(({ item }) => item);
}

/** One page of an in-memory list, and the number matching. */
export async function arrayListItems<Query extends ListQuery, Item>(
  spec: ArrayListSpec<Query, Item>,
  query: Query,
  context: ListContext,
): Promise<{ items: Item[]; total: number }> {
  const matching = await matchingItems(spec, query, context);
  const offset = (query.page - 1) * query.pageSize;
  return { items: matching.slice(offset, offset + query.pageSize), total: matching.length };
}

/** Every matching item of an in-memory list up to the export's row cap, in the list's order. */
export async function arrayExportItems<Query extends ListQuery, Item>(
  spec: ArrayListSpec<Query, Item>,
  query: Query,
  context: ListContext,
): Promise<ExportItems<Item>> {
  const matching = await matchingItems(spec, query, context);
  const { maxRows } = spec.export;
  return {
    chunks: (async function* chunks() {
      yield matching.slice(0, maxRows);
    })(),
    cutAt: matching.length > maxRows ? maxRows : undefined,
  };
}
