import type { AgentPermission } from '@curlew/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  memberScope,
  operatorScope,
  readOnlyScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { agentAuthorities, agentClients } from './agent-authorities.tables.ts';

/** How the actor relates to an authority: the market operator, the client, or the agent. */
export type AgentAuthorityRelation = 'operator' | 'client' | 'agent';

/**
 * Whether an agent acts for the organisation in `clientColumn`: a client the agent added itself
 * (AddParticipantClient) or one that gave it authority the operator approved. A pending or rejected authority
 * makes no agent.
 */
export const agentActsFor = (agentOrganisationId: string, clientColumn: PgColumn | SQL): SQL =>
  sql`(exists (select 1 from ${agentClients} where ${agentClients.agentOrganisationId} = ${agentOrganisationId} and ${agentClients.clientOrganisationId} = ${clientColumn}) or exists (select 1 from ${agentAuthorities} where ${agentAuthorities.agentOrganisationId} = ${agentOrganisationId} and ${agentAuthorities.clientOrganisationId} = ${clientColumn} and ${agentAuthorities.approved}))`;

/** An agent's approved permissions for a client in a round, as an SQL text[] (empty when it holds none). */
const agentPermissionsIn = (
  agentOrganisationId: string,
  clientColumn: PgColumn | SQL,
  roundColumn: PgColumn | SQL,
): SQL<AgentPermission[]> =>
  sql<
    AgentPermission[]
  >`coalesce((select array_agg(distinct granted order by granted) from ${agentAuthorities}, unnest(${agentAuthorities.permissions}) as granted where ${agentAuthorities.agentOrganisationId} = ${agentOrganisationId} and ${agentAuthorities.clientOrganisationId} = ${clientColumn} and ${agentAuthorities.marketRoundId} = ${roundColumn} and ${agentAuthorities.approved}), '{}'::text[])`;

/**
 * The owner's and its agent's part of the scope of rows that belong to an organisation in a round (participations,
 * projects, requirements and both kinds of group): a participant's members see their organisation's rows
 * ('member'); an agent the rows of clients for whose round it holds approved authority ('agent', with that
 * authority's permissions) and the rows `agentAlso` adds for it; anyone else none.
 */
export function ownerInRoundScope(
  actor: ScopeReader,
  columns: { owner: PgColumn | SQL; round: PgColumn | SQL },
  agentAlso?: (agentOrganisationId: string) => SQL | undefined,
): EntityScope<'member' | 'agent'> {
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (isAgent(actor)) {
    const permissions = agentPermissionsIn(own, columns.owner, columns.round);
    const holds = sql`cardinality(${permissions}) > 0`;
    const where = agentAlso === undefined ? holds : (or(holds, agentAlso(own)) ?? holds);
    return {
      where,
      relation: sql<'agent' | null>`case when ${where} then 'agent' end`,
      permissions,
    };
  }
  if (actor.organisation?.type !== 'PARTICIPANT') return emptyScope();
  return memberScope<'member'>(columns.owner, own);
}

/** How the actor relates to a participant's record in a round (project, requirement). */
export type RoundRecordRelation = 'operator' | 'member' | 'agent' | 'lpa';

/**
 * The scope of a participant's records in a round (projects, requirements): the operator sees all; an LPA
 * organisation, read only, the rows `inArea` keeps for its own local planning authority; the owner's members and
 * its agents as `ownerInRoundScope` has it.
 */
export function roundRecordScope(
  actor: ScopeReader,
  columns: { owner: PgColumn | SQL; round: PgColumn | SQL },
  inArea: (lpaOrganisationId: string) => SQL,
  agentAlso?: (agentOrganisationId: string) => SQL | undefined,
): EntityScope<RoundRecordRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (actor.organisation?.type === 'LPA') return readOnlyScope(inArea(own), 'lpa');
  return ownerInRoundScope(actor, columns, agentAlso);
}

/**
 * The scope of agent authorities: the operator sees all; the client and the agent the authorities they are party
 * to; the agent's permissions are those its approved authority for the round gives.
 */
export function agentAuthorityScope(actor: ScopeReader): EntityScope<AgentAuthorityRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  return {
    where: or(eq(agentAuthorities.clientOrganisationId, own), eq(agentAuthorities.agentOrganisationId, own)),
    relation: sql<AgentAuthorityRelation | null>`case when ${agentAuthorities.clientOrganisationId} = ${own} then 'client' when ${agentAuthorities.agentOrganisationId} = ${own} then 'agent' end`,
    permissions: sql<
      AgentPermission[]
    >`case when ${agentAuthorities.agentOrganisationId} = ${own} and ${agentAuthorities.clientOrganisationId} <> ${own} then ${agentPermissionsIn(own, agentAuthorities.clientOrganisationId, agentAuthorities.marketRoundId)} else '{}'::text[] end`,
  };
}

/** Whether the agent holds approved authority for the client in the round (with `permission` when given). */
export const approvedAuthorityCondition = (
  scope: { agentOrganisationId: string; clientOrganisationId: string; marketRoundId: string },
  permission?: AgentPermission,
): SQL | undefined =>
  and(
    eq(agentAuthorities.agentOrganisationId, scope.agentOrganisationId),
    eq(agentAuthorities.clientOrganisationId, scope.clientOrganisationId),
    eq(agentAuthorities.marketRoundId, scope.marketRoundId),
    eq(agentAuthorities.approved, true),
    permission === undefined ? undefined : sql`${permission} = any(${agentAuthorities.permissions})`,
  );
