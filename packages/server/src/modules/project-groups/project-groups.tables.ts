import type { ProjectGroupType } from '@curlew/domain';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/**
 * A supplier group: XOR (only one of its projects may win) or AND (all must win), of one supplier in one round.
 * Membership is the project's `groupId`.
 */
export const projectGroups = pgTable(
  'project_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: text().$type<ProjectGroupType>().notNull(),
    supplierId: uuid()
      .notNull()
      .references(() => organisations.id),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    index('project_groups_round_idx').on(table.marketRoundId),
    index('project_groups_supplier_idx').on(table.supplierId),
    index('project_groups_name_trgm_idx')
      .using('gin', table.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
