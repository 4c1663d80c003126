import { type Nca, ncaInputSchema } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import type { ListSpec } from '../refdata.list.ts';
import { tableStore } from '../refdata.table-store.ts';
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

/** National Character Areas. */
export const ncasStore = tableStore({
  table: ncas,
  spec,
  present,
  nameOf: (item) => item.label,
  writes: {
    input: (_db, body) => ncaInputSchema.parse(body),
    conflict: { path: 'number', message: (values) => `NCA ${values.number} already exists` },
  },
});
