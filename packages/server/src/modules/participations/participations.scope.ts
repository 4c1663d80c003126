import { sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  memberScope,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { agentPermissionsIn } from '../agent-authorities/agent-authorities.scope.ts';
import { participations } from './participations.tables.ts';

/** How the actor relates to a participation: the operator, a member of the organisation, or its agent. */
export type ParticipationRelation = 'operator' | 'member' | 'agent';

/**
 * The scope of participations: the operator sees all; a participant its own organisation's; an agent its
 * clients' in rounds where it holds approved authority (with the permissions that authority gives).
 */
export function participationScope(actor: ScopeReader): EntityScope<ParticipationRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (!isAgent(actor)) return memberScope<ParticipationRelation>(participations.organisationId, own);
  const permissions = agentPermissionsIn(own, participations.organisationId, participations.marketRoundId);
  const holds = sql`cardinality(${permissions}) > 0`;
  return {
    where: holds,
    relation: sql<ParticipationRelation | null>`case when ${holds} then 'agent' end`,
    permissions,
  };
}
