import { AGENT_AUTHORITY_SORT_KEYS, AGENT_AUTHORITY_STATUSES } from '@curlew/domain';
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { AppError } from '../../platform/errors.ts';
import { marketRounds } from '../markets/markets.tables.ts';
import { agentAuthorityActions } from './agent-authorities.actions.ts';
import {
  agentAuthorityKind,
  agentOrganisations,
  clientOrganisations,
  presentAgentAuthority,
  selectAgentAuthorities,
} from './agent-authorities.kind.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

const listQuery = listQuerySchema(AGENT_AUTHORITY_SORT_KEYS, 'createdAt').extend({
  marketRoundId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  agentId: z.uuid().optional(),
  status: z.enum(AGENT_AUTHORITY_STATUSES).optional(),
});

const SORT_COLUMNS = {
  createdAt: agentAuthorities.createdAt,
  client: clientOrganisations.name,
  agent: agentOrganisations.name,
  round: marketRounds.name,
} as const;

const STATUS_CONDITIONS = {
  Pending: isNull(agentAuthorities.approved),
  Approved: eq(agentAuthorities.approved, true),
  Rejected: eq(agentAuthorities.approved, false),
} as const satisfies Record<(typeof AGENT_AUTHORITY_STATUSES)[number], unknown>;

/**
 * `GET /api/agent-authorities` (marketRoundId, clientId, agentId, status, sort, order, page, pageSize) and
 * `GET /api/agent-authority/{id}`: the operator sees all, a client and an agent the authorities they are party to.
 */
export async function registerAgentAuthorityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/agent-authorities', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const own = actor.organisationId;
    const scope = isOperator(actor)
      ? undefined
      : own === null
        ? sql`false`
        : or(eq(agentAuthorities.clientOrganisationId, own), eq(agentAuthorities.agentOrganisationId, own));
    const where = and(
      scope,
      query.marketRoundId === undefined ? undefined : eq(agentAuthorities.marketRoundId, query.marketRoundId),
      query.clientId === undefined ? undefined : eq(agentAuthorities.clientOrganisationId, query.clientId),
      query.agentId === undefined ? undefined : eq(agentAuthorities.agentOrganisationId, query.agentId),
      query.status === undefined ? undefined : STATUS_CONDITIONS[query.status],
    );
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await selectAgentAuthorities(deps.db, where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(agentAuthorities.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await deps.db
      .select({ value: count() })
      .from(agentAuthorities)
      .innerJoin(marketRounds, eq(marketRounds.id, agentAuthorities.marketRoundId))
      .where(where);
    const items = [];
    for (const record of rows) {
      const relation = await agentAuthorityKind.relate(deps.db, actor, record);
      if (relation === null) continue;
      items.push(
        presentAgentAuthority(record, agentAuthorityActions.actionsFor({ actor, record, relation })),
      );
    }
    return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
  });

  app.get<{ Params: { id: string } }>('/api/agent-authority/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const record = await agentAuthorityKind.load(deps.db, request.params.id);
    const relation = record === undefined ? null : await agentAuthorityKind.relate(deps.db, actor, record);
    if (record === undefined || relation === null)
      throw new AppError('not_found', `No agent authority ${request.params.id}`);
    return presentAgentAuthority(record, agentAuthorityActions.actionsFor({ actor, record, relation }));
  });
}
