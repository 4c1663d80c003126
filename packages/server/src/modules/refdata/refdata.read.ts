import { formatDateTime, type ListQuery, REFDATA_TYPE_LABELS, type RefDataType } from '@curlew/domain';
import { type AnyColumn, eq, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { isOperator } from '../../platform/actions/policy.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { type ReadRoute, recordRoute } from '../../platform/read/entity-module.ts';
import type { ExportColumn } from '../../platform/read/export.ts';
import type { ListFilters, SortColumn } from '../../platform/read/list.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { isUuid, itemNotFound } from './refdata.list.ts';
import type { RefDataItem, RefDataStore } from './refdata.store.ts';

/** A reference table: every kind's items are known by an `id` column. */
type RefTable = PgTable & { id: AnyPgColumn };

/** What one kind's settings list declares; the rest (scope, rows, export file) is the same for every kind. */
interface SettingsListOptions<T extends RefTable, Query extends ListQuery, Item extends { id: string }> {
  type: RefDataType;
  table: T;
  query: z.ZodType<Query>;
  itemType: string;
  /** The active flag, when the kind has one: readers other than the operator see active items only. */
  activeColumn?: AnyColumn;
  filters: ListFilters<NoInfer<Query>>;
  sort: Readonly<Record<NoInfer<Query>['sort'], SortColumn>>;
  /** The columns `q` searches (compared as text). */
  search: readonly (AnyColumn | SQL)[];
  present(db: Queryable, rows: InferSelectModel<T>[]): Promise<Item[]>;
  columns: readonly ExportColumn<NoInfer<Item>>[];
}

/** The most rows a settings export answers. */
const SETTINGS_EXPORT_MAX_ROWS = 100_000;

/**
 * One kind's settings list, `GET /api/settings/{type}`: any signed-in reader (forms pick from these), the operator
 * with inactive items too; `active=true` keeps active items; `format=csv|xlsx` exports the same list.
 */
export function settingsList<T extends RefTable, Query extends ListQuery, Item extends { id: string }>(
  options: SettingsListOptions<T, Query, Item>,
): DescribedList<Query, InferSelectModel<T>, Item> {
  const { type, table, activeColumn, present } = options;
  return {
    query: options.query,
    itemType: options.itemType,
    table,
    id: table.id,
    scope: (actor) => (activeColumn === undefined || isOperator(actor) ? undefined : eq(activeColumn, true)),
    filters: options.filters,
    sort: options.sort,
    search: options.search.map((column) => sql`${column}::text`),
    rows: async ({ db }, where) =>
      (await db
        .select()
        .from(table as PgTable)
        .where(where)) as InferSelectModel<T>[],
    present: (rows, { db }) => present(db, rows),
    collectionActions: false,
    export: {
      filename: type,
      sheet: REFDATA_TYPE_LABELS[type].plural,
      maxRows: SETTINGS_EXPORT_MAX_ROWS,
      columns: options.columns,
    },
  };
}

/** The `active=true` filter of a kind with an active flag. */
export const activeOnly =
  (column: AnyColumn) =>
  (active: boolean): SQL | undefined =>
    active ? eq(column, true) : undefined;

/** One item with its details, `GET /api/settings/{type}/{id}`: inactive items for the operator only. */
export function settingsRecord(
  type: RefDataType,
  store: RefDataStore<RefDataItem>,
  answerType: string,
): ReadRoute {
  return recordRoute<RefDataItem, RefDataItem>({
    path: `settings/${type}`,
    noun: REFDATA_TYPE_LABELS[type].singular.toLowerCase(),
    async load({ deps, actor }, id) {
      const item = isUuid(id) ? await store.get(deps.db, id) : undefined;
      return item === undefined || (item.active === false && !isOperator(actor)) ? undefined : item;
    },
    notFound: () => itemNotFound(type),
    present: ({ record }) => record,
    answerType,
  });
}

/** Export cells shared by the kinds. */
export const yesNo = (value: boolean | null | undefined): string => (value ? 'Yes' : 'No');
export const updatedColumn = <Item extends { updatedAt?: string }>(): ExportColumn<Item> => ({
  header: 'Updated',
  width: 20,
  value: (item) => (item.updatedAt === undefined ? '' : formatDateTime(item.updatedAt)),
});
