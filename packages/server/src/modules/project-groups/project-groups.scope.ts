import {
  type EntityScope,
  isOperator,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { ownerInRoundScope } from '../agent-authorities/agent-authorities.scope.ts';
import { projectGroups } from './project-groups.tables.ts';

/** How the actor relates to a project group: the operator, a member of the supplier, or its agent. */
export type ProjectGroupRelation = 'operator' | 'member' | 'agent';

/**
 * The scope of project groups: the operator sees all; a participant its own; an agent its clients' groups in
 * rounds where it holds approved authority (with its permissions); local planning authorities see none.
 */
export function projectGroupScope(actor: ScopeReader): EntityScope<ProjectGroupRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  return ownerInRoundScope(actor, { owner: projectGroups.supplierId, round: projectGroups.marketRoundId });
}
