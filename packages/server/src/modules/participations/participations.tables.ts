import type { ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/**
 * An organisation's part in a round in one capacity: ExpressInterest records it as Interested,
 * RegisterAsParticipant as Provisional; the round's own actions take it further.
 */
export const participations = pgTable(
  'participations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    capacity: text().$type<ParticipationCapacity>().notNull(),
    status: text().$type<RegistrationStatus>().notNull(),
    /** The agent that registered it for its client, if any. */
    agentOrganisationId: uuid().references(() => organisations.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('participations_round_organisation_capacity_idx').on(
      table.marketRoundId,
      table.organisationId,
      table.capacity,
    ),
    index('participations_organisation_idx').on(table.organisationId),
  ],
);
