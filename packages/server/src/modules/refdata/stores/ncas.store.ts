import { type Nca, ncaInputSchema } from '@curlew/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import {
  countColumns,
  type ListSpec,
  listClauses,
  pageOf,
  selectPage,
  withConflictCheck,
} from '../refdata.list.ts';
import type { RefDataStore } from '../refdata.store.ts';
import { ncas } from '../refdata.tables.ts';

type Row = typeof ncas.$inferSelect;

/** 'NCA 12 Mid Northumberland': how an NCA is named in option lists and breadcrumbs. */
export const ncaLabel = (number: number, name: string): string => `NCA ${number} ${name}`;

const present = (row: Row): Nca => ({
  id: row.id,
  number: row.number,
  name: row.name,
  active: row.active,
  label: ncaLabel(row.number, row.name),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const spec: ListSpec = {
  sortColumns: {
    number: ncas.number,
    name: sql`lower(${ncas.name})`,
    active: ncas.active,
    updatedAt: ncas.updatedAt,
  },
  defaultSort: 'number',
  tieBreak: ncas.id,
  searchColumns: [ncas.name, ncas.number],
  activeColumn: ncas.active,
};

const duplicate = (number: number) => `NCA ${number} already exists`;

/** National Character Areas. */
export const ncasStore: RefDataStore<Nca> = {
  nameOf: (item) => item.label,
  async list(db, query) {
    const { rows, total } = await selectPage(db, ncas, listClauses(spec, query));
    return pageOf(rows.map(present), total, query);
  },
  async get(db, id) {
    const [row] = await db.select().from(ncas).where(eq(ncas.id, id));
    return row ? present(row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(ncas.active)).from(ncas);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = ncaInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .insert(ncas)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning(),
      'number',
      duplicate(values.number),
    );
    if (!row) throw new Error('No NCA inserted');
    return present(row);
  },
  async update(db, id, body, now) {
    const values = ncaInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .update(ncas)
          .set({ ...values, updatedAt: now })
          .where(eq(ncas.id, id))
          .returning(),
      'number',
      duplicate(values.number),
    );
    return row ? present(row) : undefined;
  },
};

/** Active NCAs by number, for option lists. */
export const activeNcas = async (db: Queryable): Promise<Nca[]> =>
  (await db.select().from(ncas).where(eq(ncas.active, true)).orderBy(asc(ncas.number))).map(present);
