import type { OpportunityFigures } from '@curlew/domain';
import { boolean, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/**
 * The published opportunity statement of a round (one per round): the figures as they were when the operator last
 * published or updated it, so later changes to the records do not alter what was published; and whether it is also
 * shown without signing in.
 */
export const roundOpportunityStatements = pgTable('round_opportunity_statements', {
  marketRoundId: uuid()
    .primaryKey()
    .references(() => marketRounds.id, { onDelete: 'cascade' }),
  figures: jsonb().$type<OpportunityFigures>().notNull(),
  isPublic: boolean().notNull().default(false),
  publishedAt: at().notNull(),
  publishedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at().notNull(),
});
