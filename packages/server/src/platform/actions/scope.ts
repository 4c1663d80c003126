import type { AgentPermission } from '@curlew/domain';
import { and, arrayContains, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { agentAuthorities, agentClients } from '../../modules/agent-authorities/agent-authorities.tables.ts';
import type { Queryable } from '../db/connect.ts';
import { isOperator } from './policy.ts';
import type { Actor, ScopeReader } from './types.ts';

/**
 * Tenancy. Every list and every record lookup goes through these:
 * - the market operator (admin, sysadmin) sees everything;
 * - a participant or an LPA sees its own organisation's records;
 * - an agent sees its own, its clients' organisations, and its clients' round-bound records only for rounds in
 *   which it holds approved authority.
 * A record outside scope answers 404.
 */

/** Whether the actor's organisation is an agent. */
export const isAgent = (actor: Pick<Actor, 'organisation'>): boolean => actor.organisation?.type === 'AGENT';

/** Whether `agentOrganisationId` acts for `clientOrganisationId` (AddParticipantClient or authority given). */
export async function isAgentClient(
  db: Queryable,
  agentOrganisationId: string,
  clientOrganisationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: agentClients.clientOrganisationId })
    .from(agentClients)
    .where(
      and(
        eq(agentClients.agentOrganisationId, agentOrganisationId),
        eq(agentClients.clientOrganisationId, clientOrganisationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The organisations an agent acts for. */
export async function agentClientIds(db: Queryable, agentOrganisationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: agentClients.clientOrganisationId })
    .from(agentClients)
    .where(eq(agentClients.agentOrganisationId, agentOrganisationId));
  return rows.map((row) => row.id);
}

/** The approved authority of an agent for a client in a round (holding `permission` when given), if any. */
export async function findApprovedAuthority(
  db: Queryable,
  scope: { agentOrganisationId: string; clientOrganisationId: string; marketRoundId: string },
  permission?: AgentPermission,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: agentAuthorities.id })
    .from(agentAuthorities)
    .where(
      and(
        eq(agentAuthorities.agentOrganisationId, scope.agentOrganisationId),
        eq(agentAuthorities.clientOrganisationId, scope.clientOrganisationId),
        eq(agentAuthorities.marketRoundId, scope.marketRoundId),
        eq(agentAuthorities.approved, true),
        permission === undefined ? undefined : arrayContains(agentAuthorities.permissions, [permission]),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The clients whose records of `marketRoundId` an agent may see: those with an approved authority for that
 * round (any round when omitted). For round-bound records (registrations, projects, requirements).
 */
export async function approvedClientIds(
  db: Queryable,
  agentOrganisationId: string,
  marketRoundId?: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: agentAuthorities.clientOrganisationId })
    .from(agentAuthorities)
    .where(
      and(
        eq(agentAuthorities.agentOrganisationId, agentOrganisationId),
        eq(agentAuthorities.approved, true),
        marketRoundId === undefined ? undefined : eq(agentAuthorities.marketRoundId, marketRoundId),
      ),
    );
  return rows.map((row) => row.id);
}

/** The organisations whose records the actor may see: 'all' for the operator, else its own (and an agent's clients). */
export async function visibleOrganisationIds(db: Queryable, actor: ScopeReader): Promise<'all' | string[]> {
  if (isOperator(actor)) return 'all';
  if (actor.organisationId === null) return [];
  if (!isAgent(actor)) return [actor.organisationId];
  return [actor.organisationId, ...(await agentClientIds(db, actor.organisationId))];
}

/** A WHERE condition keeping rows whose organisation column is visible (undefined: no restriction). */
export const organisationScopeCondition = (
  column: PgColumn,
  visible: 'all' | readonly string[],
): SQL | undefined => {
  if (visible === 'all') return undefined;
  if (visible.length === 0) return sql`false`;
  return inArray(column, [...visible]);
};
