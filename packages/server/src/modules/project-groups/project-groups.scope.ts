import { eq, sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  NO_PERMISSIONS,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { agentPermissionsIn } from '../agent-authorities/agent-authorities.scope.ts';
import { projectGroups } from './project-groups.tables.ts';

/** How the actor relates to a project group: the operator, a member of the supplier, or its agent. */
export type ProjectGroupRelation = 'operator' | 'member' | 'agent';

/**
 * The scope of project groups: the operator sees all; a participant its own; an agent its clients' groups in
 * rounds where it holds approved authority (with its permissions); local planning authorities see none.
 */
export function projectGroupScope(actor: ScopeReader): EntityScope<ProjectGroupRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  if (isAgent(actor)) {
    const permissions = agentPermissionsIn(own, projectGroups.supplierId, projectGroups.marketRoundId);
    return {
      where: sql`cardinality(${permissions}) > 0`,
      relation: sql<ProjectGroupRelation | null>`'agent'::text`,
      permissions,
    };
  }
  if (actor.organisation?.type !== 'PARTICIPANT') return emptyScope();
  return {
    where: eq(projectGroups.supplierId, own),
    relation: sql<ProjectGroupRelation | null>`'member'::text`,
    permissions: NO_PERMISSIONS,
  };
}
