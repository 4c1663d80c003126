import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** Requirement groups: one buyer's requirements in one round that win all or none (AND, MARKET.md section 2). */
export const requirementGroups = pgTable(
  'requirement_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    buyerId: uuid()
      .notNull()
      .references(() => organisations.id),
    marketRoundId: uuid().references(() => marketRounds.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    index('requirement_groups_buyer_idx').on(table.buyerId),
    index('requirement_groups_name_trgm_idx')
      .using('gin', table.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** The requirements of a group; a requirement belongs to one group at most. */
export const requirementGroupMembers = pgTable(
  'requirement_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => requirementGroups.id, { onDelete: 'cascade' }),
    requirementId: uuid()
      .notNull()
      .references(() => creditRequirements.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.requirementId] }),
    uniqueIndex('requirement_group_members_requirement_idx').on(table.requirementId),
  ],
);
