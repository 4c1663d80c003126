import { DECLARATION_CATEGORIES, type Declaration, declarationInputSchema, memberOf } from '@curlew/domain';
import { eq, sql } from 'drizzle-orm';
import type { ListSpec } from '../refdata.list.ts';
import type { ListFilters } from '../refdata.store.ts';
import { tableStore } from '../refdata.table-store.ts';
import { declarations } from '../refdata.tables.ts';

type Row = typeof declarations.$inferSelect;

const isDeclarationCategory = memberOf(DECLARATION_CATEGORIES);

const present = (row: Row): Declaration => ({
  id: row.id,
  name: row.name,
  text: row.text,
  category: row.category,
  isForAgents: row.isForAgents,
  isForParticipants: row.isForParticipants,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const spec: ListSpec = {
  sortColumns: {
    name: sql`lower(${declarations.name})`,
    category: declarations.category,
    isForAgents: declarations.isForAgents,
    isForParticipants: declarations.isForParticipants,
    active: declarations.active,
    updatedAt: declarations.updatedAt,
  },
  defaultSort: 'name',
  tieBreak: declarations.id,
  searchColumns: [declarations.name, declarations.text],
  activeColumn: declarations.active,
};

const filtersOf = (filters: ListFilters) => [
  isDeclarationCategory(filters.category) ? eq(declarations.category, filters.category) : undefined,
  filters.for === 'agents' ? eq(declarations.isForAgents, true) : undefined,
  filters.for === 'participants' ? eq(declarations.isForParticipants, true) : undefined,
];

/** Declarations asked in market rounds; several may share a name, so writes have no conflict. */
export const declarationsStore = tableStore({
  table: declarations,
  spec,
  present,
  nameOf: (item) => item.name,
  filters: filtersOf,
  writes: { input: (_db, body) => declarationInputSchema.parse(body) },
});
