import { type Nca, type NcaNeighbour, ncaInputSchema } from '@curlew/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import type { ListSpec } from '../refdata.list.ts';
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

/** National Character Areas. */
export const ncasStore = tableStore({
  table: ncas,
  spec,
  present,
  presentDetail: async (db, row) => ({ ...present(row), neighbours: await readNcaNeighbours(db, row.id) }),
  nameOf: (item) => item.label,
  writes: {
    input: (_db, body) => ncaInputSchema.parse(body),
    conflict: { path: 'number', message: (values) => `NCA ${values.number} already exists` },
  },
});
