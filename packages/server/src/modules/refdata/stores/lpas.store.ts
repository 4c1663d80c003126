import { type Lpa, type LpaNeighbour, lpaInputSchema } from '@curlew/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import {
  countColumns,
  type ListSpec,
  listClauses,
  pageOf,
  selectPage,
  withConflictCheck,
} from '../refdata.list.ts';
import type { ListFilters, RefDataStore } from '../refdata.store.ts';
import { lpas } from '../refdata.tables.ts';

type Row = typeof lpas.$inferSelect;

const present = (row: Row, neighbours?: LpaNeighbour[]): Lpa => ({
  id: row.id,
  code: row.code,
  name: row.name,
  authorityType: row.authorityType,
  ladCode: row.ladCode,
  current: row.current,
  active: row.active,
  ...(neighbours ? { neighbours } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The LPAs sharing a boundary with one whose neighbours are `codes`, longest shared boundary first. */
export async function neighboursOf(db: Queryable, codes: readonly string[]): Promise<LpaNeighbour[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: lpas.code, name: lpas.name })
    .from(lpas)
    .where(inArray(lpas.code, [...codes]));
  const names = new Map(rows.map((row) => [row.code, row.name]));
  return codes.flatMap((code, index) => {
    const name = names.get(code);
    return name === undefined ? [] : [{ code, name, rank: index + 1 }];
  });
}

const spec: ListSpec = {
  sortColumns: {
    code: lpas.code,
    name: sql`lower(${lpas.name})`,
    authorityType: lpas.authorityType,
    ladCode: lpas.ladCode,
    current: lpas.current,
    active: lpas.active,
  },
  defaultSort: 'name',
  tieBreak: lpas.id,
  searchColumns: [lpas.name, lpas.code, lpas.ladCode],
  activeColumn: lpas.active,
};

const filtersOf = (filters: ListFilters) => [
  filters.current === 'true' ? eq(lpas.current, true) : undefined,
  filters.authorityType ? eq(lpas.authorityType, filters.authorityType as Row['authorityType']) : undefined,
];

const duplicate = (code: string) => `An LPA with code ${code} already exists`;

const withNeighbours = async (db: Queryable, row: Row): Promise<Lpa> =>
  present(row, await neighboursOf(db, row.neighbourCodes));

/** Local planning authorities and their neighbours. */
export const lpasStore: RefDataStore<Lpa> = {
  nameOf: (item) => item.name,
  async list(db, query, filters) {
    const { rows, total } = await selectPage(db, lpas, listClauses(spec, query, filtersOf(filters)));
    return pageOf(
      rows.map((row) => present(row)),
      total,
      query,
    );
  },
  async get(db, id) {
    const [row] = await db.select().from(lpas).where(eq(lpas.id, id));
    return row ? withNeighbours(db, row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(lpas.active)).from(lpas);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = lpaInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .insert(lpas)
          .values({ ...values, ladCode: values.ladCode ?? null, createdAt: now, updatedAt: now })
          .returning(),
      'code',
      duplicate(values.code),
    );
    if (!row) throw new Error('No LPA inserted');
    return present(row, []);
  },
  async update(db, id, body, now) {
    const values = lpaInputSchema.parse(body);
    const [before] = await db.select({ code: lpas.code }).from(lpas).where(eq(lpas.id, id));
    if (!before) return undefined;
    const [row] = await withConflictCheck(
      () =>
        db
          .update(lpas)
          .set({ ...values, ladCode: values.ladCode ?? null, updatedAt: now })
          .where(eq(lpas.id, id))
          .returning(),
      'code',
      duplicate(values.code),
    );
    if (!row) return undefined;
    // Neighbours name each other by code: a new code must follow into the other side of each pair.
    if (before.code !== row.code) {
      await db
        .update(lpas)
        .set({ neighbourCodes: sql`array_replace(${lpas.neighbourCodes}, ${before.code}, ${row.code})` })
        .where(sql`${before.code} = any(${lpas.neighbourCodes})`);
    }
    return withNeighbours(db, row);
  },
};

/** Active LPAs by name, for option lists. */
export const activeLpas = async (db: Queryable): Promise<Lpa[]> =>
  (await db.select().from(lpas).where(eq(lpas.active, true)).orderBy(asc(lpas.name))).map((row) =>
    present(row),
  );
