import {
  type AgentAuthority,
  type AgentAuthorityStatus,
  agentAuthorityLifecycle,
  agentAuthorityStatus,
  type EntityAction,
} from '@curlew/domain';
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { marketRounds } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

/** The client and agent organisations, joined twice under their own names. */
export const clientOrganisations = alias(organisations, 'client_organisations');
/** The agent organisation of an authority. */
export const agentOrganisations = alias(organisations, 'agent_organisations');

/** The columns of an authority with the names it is shown with. */
export const agentAuthorityColumns = {
  authority: agentAuthorities,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
  clientName: clientOrganisations.name,
  agentName: agentOrganisations.name,
  approvedByName: users.displayName,
};

/** An agent authority with its round, client, agent and approver names. */
export interface AgentAuthorityRecord {
  authority: typeof agentAuthorities.$inferSelect;
  roundName: string;
  roundStatus: AgentAuthority['marketRound']['status'];
  clientName: string;
  agentName: string;
  approvedByName: string | null;
}

/** The joined select of authorities, filtered by `where`. */
export const selectAgentAuthorities = (db: Queryable, where: SQL | undefined) =>
  db
    .select(agentAuthorityColumns)
    .from(agentAuthorities)
    .innerJoin(marketRounds, eq(marketRounds.id, agentAuthorities.marketRoundId))
    .innerJoin(clientOrganisations, eq(clientOrganisations.id, agentAuthorities.clientOrganisationId))
    .innerJoin(agentOrganisations, eq(agentOrganisations.id, agentAuthorities.agentOrganisationId))
    .leftJoin(users, eq(users.id, agentAuthorities.approvedBy))
    .where(where);

/** Finds an authority by id; undefined when missing or the id is malformed. */
export async function findAgentAuthority(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AgentAuthorityRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectAgentAuthorities(db, eq(agentAuthorities.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: agentAuthorities }) : await query;
  return row;
}

/** How the actor relates to an authority: the market operator, the client, or the agent. */
export type AgentAuthorityRelation = 'operator' | 'client' | 'agent';

/** The agent authority entity for the action runner: `/agent-authority/{id}`. */
export const agentAuthorityKind: EntityKind<
  AgentAuthorityRecord,
  AgentAuthorityRelation,
  AgentAuthorityStatus
> = {
  entity: 'agent-authority',
  collection: 'agent-authorities',
  load: findAgentAuthority,
  async relate(_db, actor, { authority }) {
    if (isOperator(actor)) return 'operator';
    if (actor.organisationId === null) return null;
    if (actor.organisationId === authority.clientOrganisationId) return 'client';
    if (actor.organisationId === authority.agentOrganisationId) return 'agent';
    return null;
  },
  idOf: (record) => record.authority.id,
  lifecycle: {
    definition: agentAuthorityLifecycle,
    statusOf: (record) => agentAuthorityStatus(record.authority.approved),
  },
};

/** An authority as the API answers it. */
export const presentAgentAuthority = (
  record: AgentAuthorityRecord,
  actions: EntityAction[],
): AgentAuthority => {
  const { authority } = record;
  return {
    id: authority.id,
    self: `/agent-authority/${authority.id}`,
    marketRound: { id: authority.marketRoundId, name: record.roundName, status: record.roundStatus },
    client: { id: authority.clientOrganisationId, name: record.clientName },
    agent: { id: authority.agentOrganisationId, name: record.agentName },
    authorityToActFileId: authority.authorityToActFileId,
    permissions: authority.permissions,
    approved: authority.approved,
    status: agentAuthorityStatus(authority.approved),
    approvedBy:
      authority.approvedBy !== null && record.approvedByName !== null
        ? { id: authority.approvedBy, displayName: record.approvedByName }
        : null,
    approvedAt: authority.approvedAt?.toISOString() ?? null,
    createdAt: authority.createdAt.toISOString(),
    actions,
  };
};
