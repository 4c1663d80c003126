import { type Lpa, type LpaNeighbour, lpaInputSchema, lpaListQuerySchema } from '@curlew/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
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
  activeColumn: lpas.active,
  present,
  presentDetail: withNeighbours,
  nameOf: (item) => item.name,
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

/** `GET /api/settings/lpas`: current LPAs (`current=true`) and one kind of authority. */
export const lpasList = settingsList({
  type: 'lpas',
  table: lpas,
  query: lpaListQuerySchema,
  itemType: 'Lpa',
  activeColumn: lpas.active,
  filters: {
    active: activeOnly(lpas.active),
    current: (current) => eq(lpas.current, current === 'true'),
    authorityType: (authorityType) => eq(lpas.authorityType, authorityType),
  },
  sort: {
    code: lpas.code,
    name: sql`lower(${lpas.name})`,
    authorityType: lpas.authorityType,
    ladCode: lpas.ladCode,
    current: lpas.current,
    active: lpas.active,
  },
  search: [lpas.name, lpas.code, lpas.ladCode],
  present: lpasStore.presentPage,
  columns: [
    { header: 'Code', width: 12, value: (item) => item.code },
    { header: 'Name', width: 36, value: (item) => item.name },
    { header: 'Authority type', width: 28, value: (item) => item.authorityType },
    { header: 'LAD code', width: 12, value: (item) => item.ladCode ?? '' },
    { header: 'Current', width: 10, value: (item) => yesNo(item.current) },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});
