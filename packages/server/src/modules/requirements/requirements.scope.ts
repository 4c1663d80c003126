import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
import { agentPermissionsIn } from '../agent-authorities/agent-authorities.scope.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { creditRequirements } from './requirements.tables.ts';

/**
 * How the actor relates to a requirement: the operator, a member of its owner (buyer or investor), the owner's
 * agent, or the local planning authority of its development (read only, never the bid).
 */
export type RequirementRelation = 'operator' | 'member' | 'agent' | 'lpa';

/** The LPA reference an LPA organisation is, as SQL. */
const lpaOfOrganisation = (organisationId: string): SQL =>
  sql`(select ${organisations.lpaId} from ${organisations} where ${organisations.id} = ${organisationId} and ${organisations.type} = 'LPA')`;

/**
 * The scope of requirements (and of their groups through `buyerColumn` and `roundColumn`): the operator sees all;
 * the owner's members its own; an agent its clients' in rounds where it holds approved authority (with that
 * authority's permissions); an LPA organisation the buyers' developments in its own LPA once past Draft.
 */
export function requirementScope(actor: ScopeReader): EntityScope<RequirementRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (actor.organisation?.type === 'LPA') {
    const where = sql`${creditRequirements.type} = 'Buyer' and ${creditRequirements.status} <> 'Draft' and ${creditRequirements.lpaId} = ${lpaOfOrganisation(own)}`;
    return {
      where,
      relation: sql<RequirementRelation | null>`case when ${where} then 'lpa' end`,
      permissions: NO_PERMISSIONS,
    };
  }
  return ownerScope(actor, creditRequirements.buyerId, creditRequirements.marketRoundId);
}

/** The owner's and its agent's part of a scope over rows with an owner and a round (requirements, groups). */
export function ownerScope(
  actor: ScopeReader,
  buyerColumn: PgColumn | SQL,
  roundColumn: PgColumn | SQL,
): EntityScope<RequirementRelation> {
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (isAgent(actor)) {
    const permissions = agentPermissionsIn(own, buyerColumn, roundColumn);
    const holds = sql`cardinality(${permissions}) > 0`;
    return {
      where: holds,
      relation: sql<RequirementRelation | null>`case when ${holds} then 'agent' end`,
      permissions,
    };
  }
  if (actor.organisation?.type !== 'PARTICIPANT') return emptyScope();
  return memberScope<RequirementRelation>(buyerColumn, own);
}

/** Whether the subject may see the sealed bid: the operator, the owner's members, its agent with MakeOffersOrBids. */
export const seesBid = (access: { relation: RequirementRelation; permissions: readonly string[] }): boolean =>
  access.relation === 'operator' ||
  access.relation === 'member' ||
  (access.relation === 'agent' && access.permissions.includes('MakeOffersOrBids'));
