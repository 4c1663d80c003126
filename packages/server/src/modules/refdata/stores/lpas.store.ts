import { type Lpa, type LpaNeighbour, lpaInputSchema } from '@curlew/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import type { ListSpec } from '../refdata.list.ts';
import type { ListFilters } from '../refdata.store.ts';
import { tableStore } from '../refdata.table-store.ts';
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
async function neighboursOf(db: Queryable, codes: readonly string[]): Promise<LpaNeighbour[]> {
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

const withNeighbours = async (db: Queryable, row: Row): Promise<Lpa> =>
  present(row, await neighboursOf(db, row.neighbourCodes));

/** Neighbours name each other by code: a new code must follow into the other side of each pair. */
async function renameInNeighbours(db: Queryable, before: Row, after: Row): Promise<void> {
  if (before.code === after.code) return;
  await db
    .update(lpas)
    .set({ neighbourCodes: sql`array_replace(${lpas.neighbourCodes}, ${before.code}, ${after.code})` })
    .where(sql`${before.code} = any(${lpas.neighbourCodes})`);
}

/** Local planning authorities and their neighbours. */
export const lpasStore = tableStore({
  table: lpas,
  spec,
  present,
  presentDetail: withNeighbours,
  nameOf: (item) => item.name,
  filters: filtersOf,
  optionOrder: lpas.name,
  writes: {
    input: (_db, body) => {
      const values = lpaInputSchema.parse(body);
      return { ...values, ladCode: values.ladCode ?? null };
    },
    conflict: { path: 'code', message: (values) => `An LPA with code ${values.code} already exists` },
    afterUpdate: renameInNeighbours,
  },
});
