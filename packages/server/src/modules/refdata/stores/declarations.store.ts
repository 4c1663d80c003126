import { DECLARATION_CATEGORIES, type Declaration, declarationInputSchema, memberOf } from '@curlew/domain';
import { eq, sql } from 'drizzle-orm';
import { countColumns, type ListSpec, listClauses, pageOf, selectPage } from '../refdata.list.ts';
import type { ListFilters, RefDataStore } from '../refdata.store.ts';
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

/** Declarations asked in market rounds. */
export const declarationsStore: RefDataStore<Declaration> = {
  nameOf: (item) => item.name,
  async list(db, query, filters) {
    const { rows, total } = await selectPage(db, declarations, listClauses(spec, query, filtersOf(filters)));
    return pageOf(rows.map(present), total, query);
  },
  async get(db, id) {
    const [row] = await db.select().from(declarations).where(eq(declarations.id, id));
    return row ? present(row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(declarations.active)).from(declarations);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = declarationInputSchema.parse(body);
    const [row] = await db
      .insert(declarations)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('No declaration inserted');
    return present(row);
  },
  async update(db, id, body, now) {
    const values = declarationInputSchema.parse(body);
    const [row] = await db
      .update(declarations)
      .set({ ...values, updatedAt: now })
      .where(eq(declarations.id, id))
      .returning();
    return row ? present(row) : undefined;
  },
};
