import { sql } from 'drizzle-orm';
import type { EntityScope, ScopeReader } from '../../platform/actions/scope.ts';
import { type RoundRecordRelation, roundRecordScope } from '../agent-authorities/agent-authorities.scope.ts';
import { lpaOfOrganisation } from '../organisations/organisations.scope.ts';
import { creditRequirements } from './requirements.tables.ts';

/**
 * How the actor relates to a requirement: the operator, a member of its owner (buyer or investor), the owner's
 * agent, or the local planning authority of its development (read only, never the bid).
 */
export type RequirementRelation = RoundRecordRelation;

/**
 * The scope of requirements: the operator sees all; the owner's members its own; an agent its clients' in rounds
 * where it holds approved authority (with that authority's permissions); an LPA organisation the buyers'
 * developments in its own LPA once past Draft.
 */
export function requirementScope(actor: ScopeReader): EntityScope<RequirementRelation> {
  return roundRecordScope(
    actor,
    { owner: creditRequirements.buyerId, round: creditRequirements.marketRoundId },
    (own) =>
      sql`${creditRequirements.type} = 'Buyer' and ${creditRequirements.status} <> 'Draft' and ${creditRequirements.lpaId} = ${lpaOfOrganisation(own)}`,
  );
}

/** Whether the subject may see the sealed bid: the operator, the owner's members, its agent with MakeOffersOrBids. */
export const seesBid = (access: { relation: RequirementRelation; permissions: readonly string[] }): boolean =>
  access.relation === 'operator' ||
  access.relation === 'member' ||
  (access.relation === 'agent' && access.permissions.includes('MakeOffersOrBids'));
