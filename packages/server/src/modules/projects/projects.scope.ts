import { and, eq, or, sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  NO_PERMISSIONS,
  operatorScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { agentActsFor, agentPermissionsIn } from '../agent-authorities/agent-authorities.scope.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projects } from './projects.tables.ts';

/**
 * How the actor relates to a project: the operator, a member of the supplier, the supplier's agent, or the local
 * planning authority of the project's area (read only).
 */
export type ProjectRelation = 'operator' | 'member' | 'agent' | 'lpa';

/** The reference LPA of an LPA organisation, as SQL. */
const lpaOfOrganisation = (organisationId: string) =>
  sql`(select ${organisations.lpaId} from ${organisations} where ${organisations.id} = ${organisationId})`;

/**
 * The scope of projects: the operator sees every project; a participant its own; an agent its clients' projects in
 * rounds where it holds approved authority (with that authority's permissions), and those it was named agent of
 * for a client it acts for; an LPA organisation the projects located in its own local planning authority.
 */
export function projectScope(actor: ScopeReader): EntityScope<ProjectRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const own = actor.organisationId;
  if (own === null) return emptyScope();
  const type = actor.organisation?.type;
  if (type === 'LPA') {
    const where = and(sql`${projects.lpaId} is not null`, eq(projects.lpaId, lpaOfOrganisation(own)));
    return {
      where,
      relation: sql<ProjectRelation | null>`'lpa'::text`,
      permissions: NO_PERMISSIONS,
    };
  }
  if (isAgent(actor)) {
    const permissions = agentPermissionsIn(own, projects.supplierId, projects.marketRoundId);
    const holds = sql`cardinality(${permissions}) > 0`;
    const named = and(eq(projects.agentId, own), agentActsFor(own, projects.supplierId));
    return {
      where: or(holds, named),
      relation: sql<ProjectRelation | null>`'agent'::text`,
      permissions,
    };
  }
  if (type !== 'PARTICIPANT') return emptyScope();
  return {
    where: eq(projects.supplierId, own),
    relation: sql<ProjectRelation | null>`'member'::text`,
    permissions: NO_PERMISSIONS,
  };
}
