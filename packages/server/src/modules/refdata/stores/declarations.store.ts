import {
  DECLARATION_CATEGORY_LABELS,
  type Declaration,
  declarationInputSchema,
  declarationListQuerySchema,
} from '@curlew/domain';
import { eq, sql } from 'drizzle-orm';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
import { tableStore } from '../refdata.table-store.ts';
import { declarations } from '../refdata.tables.ts';

type Row = typeof declarations.$inferSelect;

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

/** Declarations asked in market rounds; several may share a name, so writes have no conflict. */
export const declarationsStore = tableStore({
  table: declarations,
  activeColumn: declarations.active,
  present,
  nameOf: (item) => item.name,
  optionOrder: sql`lower(${declarations.name})`,
  writes: { input: (_db, body) => declarationInputSchema.parse(body) },
});

/** `GET /api/settings/declarations`: by category, or those asked of agents or of participants. */
export const declarationsList = settingsList({
  type: 'declarations',
  table: declarations,
  query: declarationListQuerySchema,
  itemType: 'Declaration',
  activeColumn: declarations.active,
  filters: {
    active: activeOnly(declarations.active),
    category: (category) => eq(declarations.category, category),
    for: (audience) =>
      audience === 'agents' ? eq(declarations.isForAgents, true) : eq(declarations.isForParticipants, true),
  },
  sort: {
    name: sql`lower(${declarations.name})`,
    category: declarations.category,
    isForAgents: declarations.isForAgents,
    isForParticipants: declarations.isForParticipants,
    active: declarations.active,
    updatedAt: declarations.updatedAt,
  },
  search: [declarations.name, declarations.text],
  present: declarationsStore.presentPage,
  columns: [
    { header: 'Name', width: 32, value: (item) => item.name },
    { header: 'Category', width: 32, value: (item) => DECLARATION_CATEGORY_LABELS[item.category] },
    { header: 'Text', width: 60, value: (item) => item.text },
    { header: 'For agents', width: 12, value: (item) => yesNo(item.isForAgents) },
    { header: 'For participants', width: 16, value: (item) => yesNo(item.isForParticipants) },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});
