import { sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isOperator,
  NO_PERMISSIONS,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { ownerInRoundScope } from '../agent-authorities/agent-authorities.scope.ts';
import { lpaOfOrganisation } from '../organisations/organisations.scope.ts';
import { creditRequirements } from './requirements.tables.ts';

/**
 * How the actor relates to a requirement: the operator, a member of its owner (buyer or investor), the owner's
 * agent, or the local planning authority of its development (read only, never the bid).
 */
export type RequirementRelation = 'operator' | 'member' | 'agent' | 'lpa';

/**
 * The scope of requirements: the operator sees all; the owner's members its own; an agent its clients' in rounds
 * where it holds approved authority (with that authority's permissions); an LPA organisation the buyers'
 * developments in its own LPA once past Draft.
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
  return ownerInRoundScope(actor, {
    owner: creditRequirements.buyerId,
    round: creditRequirements.marketRoundId,
  });
}

/** Whether the subject may see the sealed bid: the operator, the owner's members, its agent with MakeOffersOrBids. */
export const seesBid = (access: { relation: RequirementRelation; permissions: readonly string[] }): boolean =>
  access.relation === 'operator' ||
  access.relation === 'member' ||
  (access.relation === 'agent' && access.permissions.includes('MakeOffersOrBids'));
