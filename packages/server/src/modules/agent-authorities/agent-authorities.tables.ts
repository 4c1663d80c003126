import type { AgentPermission, ClientConfirmation } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/**
 * A client's authority for an agent to act for it in one market round, with the signed authority to act and
 * the permissions; the operator approves it (approved null until decided).
 */
export const agentAuthorities = pgTable(
  'agent_authorities',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    clientOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    agentOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    /** The stored signed authority to act (files module). */
    authorityToActFileId: uuid().references(() => storedFiles.id),
    permissions: text().array().$type<AgentPermission[]>().notNull().default(sql`'{}'::text[]`),
    approved: boolean(),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: at(),
    /** Whether the client confirmed what was filed for it (Declined: never approved). */
    clientConfirmation: text().$type<ClientConfirmation>().notNull().default('NotAsked'),
    clientConfirmedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientConfirmedAt: at(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    check(
      'agent_authorities_client_confirmation_check',
      sql`${table.clientConfirmation} in ('NotAsked', 'Pending', 'Confirmed', 'Declined')`,
    ),
    uniqueIndex('agent_authorities_round_client_agent_idx').on(
      table.marketRoundId,
      table.clientOrganisationId,
      table.agentOrganisationId,
    ),
    index('agent_authorities_agent_idx').on(table.agentOrganisationId),
    index('agent_authorities_client_idx').on(table.clientOrganisationId),
  ],
);

/**
 * Which participants an agent acts for: added by AddParticipantClient or when a client gives the agent
 * authority. The agent sees these organisations; round-bound records need approved authority for the round.
 */
export const agentClients = pgTable(
  'agent_clients',
  {
    agentOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    clientOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.agentOrganisationId, table.clientOrganisationId] }),
    index('agent_clients_client_idx').on(table.clientOrganisationId),
  ],
);
