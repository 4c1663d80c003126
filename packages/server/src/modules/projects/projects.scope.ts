import { and, eq, sql } from 'drizzle-orm';
import type { EntityScope, ScopeReader } from '../../platform/actions/scope.ts';
import {
  agentActsFor,
  type RoundRecordRelation,
  roundRecordScope,
} from '../agent-authorities/agent-authorities.scope.ts';
import { lpaOfOrganisation } from '../organisations/organisations.scope.ts';
import { projects } from './projects.tables.ts';

/**
 * How the actor relates to a project: the operator, a member of the supplier, the supplier's agent, or the local
 * planning authority of the project's area (read only).
 */
export type ProjectRelation = RoundRecordRelation;

/**
 * The scope of projects: the operator sees every project; a participant its own; an agent its clients' projects in
 * rounds where it holds approved authority (with that authority's permissions), and those it was named agent of
 * for a client it acts for; an LPA organisation the projects located in its own local planning authority.
 */
export function projectScope(actor: ScopeReader): EntityScope<ProjectRelation> {
  return roundRecordScope(
    actor,
    { owner: projects.supplierId, round: projects.marketRoundId },
    (own) => sql`${projects.lpaId} is not null and ${projects.lpaId} = ${lpaOfOrganisation(own)}`,
    (agent) => and(eq(projects.agentId, agent), agentActsFor(agent, projects.supplierId)),
  );
}
