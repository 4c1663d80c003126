import {
  type AnyColumn,
  asc,
  eq,
  getTableName,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/connect.ts';
import { countColumns, withConflictCheck } from './refdata.list.ts';
import type { RefDataItem, RefDataStore } from './refdata.store.ts';

/** A reference table: every kind's items are known by an `id` column. */
type RefTable = PgTable & { id: AnyPgColumn };

type Row<T extends RefTable> = InferSelectModel<T>;

/** The columns a write sets from a validated body; the store adds the time stamps. */
type WriteColumns<T extends RefTable> = Omit<InferInsertModel<T>, 'id' | 'createdAt' | 'updatedAt'>;

type PresentPage<T extends RefTable, Item> = (db: Queryable, rows: Row<T>[]) => Promise<Item[]>;
type PresentDetail<T extends RefTable, Item> = (db: Queryable, row: Row<T>) => Promise<Item>;

/** How rows become items: each row alone, or with details read from other tables. */
type Presenters<T extends RefTable, Item> =
  | {
      /** The item of a row alone: its listed form, and its detailed one unless `presentDetail` adds more. */
      present: (row: Row<T>) => Item;
      presentPage?: PresentPage<T, Item>;
      presentDetail?: PresentDetail<T, Item>;
    }
  | {
      present?: undefined;
      /** The items of a page of rows (lists and option lists). */
      presentPage: PresentPage<T, Item>;
      /** One item with its details (get, create and update answers). */
      presentDetail: PresentDetail<T, Item>;
    };

/** How an editable kind is written. */
interface TableWrites<T extends RefTable, Columns extends WriteColumns<T>> {
  /** Validates a body with the kind's domain schema (422) into the columns it sets. */
  input: (db: Queryable, body: unknown) => Columns | Promise<Columns>;
  /** The field that must be unique and the message of its 409, for a table with a unique key. */
  conflict?: { path: string; message: (columns: Columns) => string };
  /** Carries an update on to other rows, given the row as it was (read before the update when this is set). */
  afterUpdate?: (db: Queryable, before: Row<T>, after: Row<T>) => Promise<void>;
}

/** What makes one kind of reference data: its table, list, presentation and, when editable, its writes. */
type TableStoreOptions<T extends RefTable, Item, Columns extends WriteColumns<T>> = Presenters<T, Item> & {
  table: T;
  /** The active flag, when the kind has one. */
  activeColumn?: AnyColumn;
  nameOf: (item: Item) => string;
  /** The order of option lists. */
  optionOrder: AnyColumn | SQL;
  /** Absent for read-only kinds. */
  writes?: TableWrites<T, Columns>;
};

/** A reference store over one table, which also answers the active items for option lists. */
interface TableStore<T extends RefTable, Item extends RefDataItem> extends RefDataStore<Item> {
  /** Active items in option order (SPEC 7 "Option loading"); every item when the kind has no active flag. */
  activeItems(db: Queryable): Promise<Item[]>;
  /** The listed items of some rows, read at once (the settings list presents its pages with it). */
  presentPage: PresentPage<T, Item>;
}

function pagePresenter<T extends RefTable, Item>(presenters: Presenters<T, Item>): PresentPage<T, Item> {
  if (presenters.present === undefined) return presenters.presentPage;
  const { present } = presenters;
  return presenters.presentPage ?? (async (_db, rows) => rows.map((row) => present(row)));
}

function detailPresenter<T extends RefTable, Item>(presenters: Presenters<T, Item>): PresentDetail<T, Item> {
  if (presenters.present === undefined) return presenters.presentDetail;
  const { present } = presenters;
  return presenters.presentDetail ?? (async (_db, row) => present(row));
}

async function rowOf<T extends RefTable>(db: Queryable, table: T, id: string): Promise<Row<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as Row<T> | undefined;
}

/** Count of all rows and of active ones; every row counts as active when the kind has no active flag. */
async function countRows(db: Queryable, table: PgTable, active: AnyColumn | undefined) {
  if (active) {
    const [row] = await db.select(countColumns(active)).from(table);
    return row ?? { count: 0, activeCount: 0 };
  }
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(table);
  const count = row?.count ?? 0;
  return { count, activeCount: count };
}

/** The create and update of an editable kind; both answer the item with its details. */
function tableWrites<T extends RefTable, Item extends RefDataItem, Columns extends WriteColumns<T>>(
  table: T,
  writes: TableWrites<T, Columns>,
  presentDetail: PresentDetail<T, Item>,
): Required<Pick<RefDataStore<Item>, 'create' | 'update'>> {
  const { input, conflict, afterUpdate } = writes;
  const checked = (write: () => Promise<Row<T>[]>, columns: Columns) =>
    conflict ? withConflictCheck(write, conflict.path, conflict.message(columns)) : write();
  return {
    async create(db, body, now) {
      const columns = await input(db, body);
      const [row] = await checked(
        async () =>
          (await db
            .insert(table)
            .values({ ...columns, createdAt: now, updatedAt: now } as PgInsertValue<T>)
            .returning()) as Row<T>[],
        columns,
      );
      if (!row) throw new Error(`No row inserted into ${getTableName(table)}`);
      return presentDetail(db, row);
    },
    async update(db, id, body, now) {
      const columns = await input(db, body);
      const before = afterUpdate ? await rowOf(db, table, id) : undefined;
      const [row] = await checked(
        async () =>
          (await db
            .update(table)
            .set({ ...columns, updatedAt: now } as PgUpdateSetSource<T>)
            .where(eq(table.id, id))
            .returning()) as Row<T>[],
        columns,
      );
      if (!row) return undefined;
      if (afterUpdate && before) await afterUpdate(db, before, row);
      return presentDetail(db, row);
    },
  };
}

/**
 * The store of a kind kept in one table: get, counts, option lists and its page presenter, and create and update
 * when the kind is editable (its settings list is declared beside it). Each store file says only what is particular
 * to its kind.
 */
export function tableStore<T extends RefTable, Item extends RefDataItem, Columns extends WriteColumns<T>>(
  options: TableStoreOptions<T, Item, Columns>,
): TableStore<T, Item> {
  const { table, activeColumn, nameOf, writes, optionOrder } = options;
  const presentPage = pagePresenter(options);
  const presentDetail = detailPresenter(options);
  return {
    nameOf,
    presentPage,
    async get(db, id) {
      const row = await rowOf(db, table, id);
      return row ? presentDetail(db, row) : undefined;
    },
    counts: (db) => countRows(db, table, activeColumn),
    async activeItems(db) {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(activeColumn ? eq(activeColumn, true) : undefined)
        .orderBy(asc(optionOrder));
      return presentPage(db, rows as Row<T>[]);
    },
    ...(writes ? tableWrites(table, writes, presentDetail) : {}),
  };
}
