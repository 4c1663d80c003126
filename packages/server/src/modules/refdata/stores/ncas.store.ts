import { type Nca, type NcaNeighbour, ncaInputSchema, ncaListQuerySchema } from '@curlew/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
import { tableStore } from '../refdata.table-store.ts';
import { ncaNeighbours, ncas } from '../refdata.tables.ts';

type Row = typeof ncas.$inferSelect;

/** 'NCA 12 Mid Northumberland': how an NCA is named in option lists and breadcrumbs. */
const ncaLabel = (number: number, name: string): string => `NCA ${number} ${name}`;

const present = (row: Row): Nca => ({
  id: row.id,
  number: row.number,
  name: row.name,
  active: row.active,
  label: ncaLabel(row.number, row.name),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The NCAs sharing a boundary with an NCA, by number. */
async function readNcaNeighbours(db: Queryable, ncaId: string): Promise<NcaNeighbour[]> {
  const rows = await db
    .select({ id: ncas.id, number: ncas.number, name: ncas.name })
    .from(ncaNeighbours)
    .innerJoin(ncas, eq(ncas.id, ncaNeighbours.neighbourId))
    .where(eq(ncaNeighbours.ncaId, ncaId))
    .orderBy(asc(ncas.number));
  return rows.map((row) => ({ ...row, label: ncaLabel(row.number, row.name) }));
}

/** National Character Areas. */
export const ncasStore = tableStore({
  table: ncas,
  activeColumn: ncas.active,
  optionOrder: ncas.number,
  present,
  presentDetail: async (db, row) => ({ ...present(row), neighbours: await readNcaNeighbours(db, row.id) }),
  nameOf: (item) => item.label,
  writes: {
    input: (_db, body) => ncaInputSchema.parse(body),
    conflict: { path: 'number', message: (values) => `NCA ${values.number} already exists` },
  },
});

/** `GET /api/settings/ncas`: by number unless sorted otherwise; `q` searches names and numbers. */
export const ncasList = settingsList({
  type: 'ncas',
  table: ncas,
  query: ncaListQuerySchema,
  itemType: 'Nca',
  activeColumn: ncas.active,
  filters: { active: activeOnly(ncas.active) },
  sort: {
    number: ncas.number,
    name: sql`lower(${ncas.name})`,
    active: ncas.active,
    updatedAt: ncas.updatedAt,
  },
  search: [ncas.name, ncas.number],
  present: ncasStore.presentPage,
  columns: [
    { header: 'Number', width: 10, value: (item) => item.number },
    { header: 'Name', width: 40, value: (item) => item.name },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});
