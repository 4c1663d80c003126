import {
  type EntityScope,
  isOperator,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { ownerInRoundScope } from '../agent-authorities/agent-authorities.scope.ts';
import { participations } from './participations.tables.ts';

/** How the actor relates to a participation: the operator, a member of the organisation, or its agent. */
export type ParticipationRelation = 'operator' | 'member' | 'agent';

/**
 * The scope of participations: the operator sees all; a participant its own organisation's; an agent its
 * clients' in rounds where it holds approved authority (with the permissions that authority gives).
 */
export function participationScope(actor: ScopeReader): EntityScope<ParticipationRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  return ownerInRoundScope(actor, {
    owner: participations.organisationId,
    round: participations.marketRoundId,
  });
}
