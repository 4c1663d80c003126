import {
  type EntityScope,
  isOperator,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { ownerInRoundScope } from '../agent-authorities/agent-authorities.scope.ts';
import type { RequirementRelation } from '../requirements/requirements.scope.ts';
import { requirementGroups } from './requirement-groups.tables.ts';

/** How the actor relates to a group: the operator, a member of the buyer, or its agent (never an LPA). */
export type RequirementGroupRelation = Exclude<RequirementRelation, 'lpa'>;

/**
 * The scope of requirement groups: the operator sees all; the buyer's members their own; its agent those of rounds
 * where it holds approved authority. Local planning authorities see none.
 */
export function requirementGroupScope(actor: ScopeReader): EntityScope<RequirementGroupRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  return ownerInRoundScope(actor, {
    owner: requirementGroups.buyerId,
    round: requirementGroups.marketRoundId,
  });
}
