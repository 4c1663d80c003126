import { AGENT_AUTHORITY_SORT_KEYS, AGENT_AUTHORITY_STATUSES } from '@curlew/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countRows, listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { agentAuthorityActions } from './agent-authorities.actions.ts';
import { agentAuthorityKind, presentAgentAuthority } from './agent-authorities.kind.ts';
import {
  agentOrganisations,
  clientOrganisations,
  inScope,
  selectAgentAuthoritiesFor,
} from './agent-authorities.repo.ts';
import { agentAuthorityScope } from './agent-authorities.scope.ts';
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
 * `GET /api/agent-authority/{id}`: the operator sees all, a client and an agent the authorities they are party to
 * (the agent authority scope, with each row's access computed in the same query).
 */
export async function registerAgentAuthorityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/agent-authorities', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const scope = agentAuthorityScope(actor);
    const where = and(
      query.marketRoundId === undefined ? undefined : eq(agentAuthorities.marketRoundId, query.marketRoundId),
      query.clientId === undefined ? undefined : eq(agentAuthorities.clientOrganisationId, query.clientId),
      query.agentId === undefined ? undefined : eq(agentAuthorities.agentOrganisationId, query.agentId),
      query.status === undefined ? undefined : STATUS_CONDITIONS[query.status],
    );
    return listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectAgentAuthoritiesFor(deps.db, actor, where)
            .orderBy(...listOrder(SORT_COLUMNS, query, agentAuthorities.id))
            .limit(limit)
            .offset(offset),
        total: () => countRows(deps.db, agentAuthorities, and(scope.where, where)),
      },
      async (rows) => {
        const items = [];
        for (const row of rows) {
          const found = inScope(row);
          if (found === null) continue;
          const subject = { actor, record: found.record, ...found.access };
          items.push(
            presentAgentAuthority(found.record, await agentAuthorityActions.actionsFor(deps, subject)),
          );
        }
        return items;
      },
    );
  });
  app.get<{ Params: { id: string } }>('/api/agent-authority/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await agentAuthorityKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(agentAuthorityKind.noun);
    const subject = { actor, record: found.record, ...found.access };
    return presentAgentAuthority(found.record, await agentAuthorityActions.actionsFor(deps, subject));
  });
}
