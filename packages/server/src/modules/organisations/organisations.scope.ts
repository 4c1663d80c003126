import { type SQL, sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  memberScope,
  NO_PERMISSIONS,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { agentActsFor } from '../agent-authorities/agent-authorities.scope.ts';
import { organisations } from './organisations.tables.ts';

/**
 * How the actor relates to an organisation: the market operator, a member of it, or the agent acting for it
 * (a client the agent added, or one whose authority for it the operator approved). Anyone else does not see it.
 */
export type OrganisationRelation = 'operator' | 'member' | 'agent';

/**
 * The scope of organisations: the operator sees all; a member its own organisation; an agent its own and its
 * clients. Organisations belong to no round, so no one holds round permissions on them.
 */
export function organisationScope(actor: ScopeReader): EntityScope<OrganisationRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (!isAgent(actor)) return memberScope<OrganisationRelation>(organisations.id, own);
  const actsFor = agentActsFor(own, organisations.id);
  return {
    where: sql`(${organisations.id} = ${own} or ${actsFor})`,
    relation: sql<OrganisationRelation | null>`case when ${organisations.id} = ${own} then 'member' when ${actsFor} then 'agent' end`,
    permissions: NO_PERMISSIONS,
  };
}

/**
 * The local planning authority (reference data) an LPA organisation stands for, as an SQL subquery; null for an
 * organisation of any other type, so no other organisation's `lpa_id` ever opens an area.
 */
export const lpaOfOrganisation = (organisationId: string): SQL =>
  sql`(select ${organisations.lpaId} from ${organisations} where ${organisations.id} = ${organisationId} and ${organisations.type} = 'LPA')`;
