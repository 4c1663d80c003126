import {
  AGENT_PERMISSION_LABELS,
  type AgentAuthority,
  type AgentAuthorityListQuery,
  agentAuthorityListQuerySchema,
  formatDateTime,
} from '@curlew/domain';
import { eq, isNull } from 'drizzle-orm';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { agentAuthorityActions } from './agent-authorities.actions.ts';
import { presentAgentAuthority } from './agent-authorities.kind.ts';
import {
  type AgentAuthorityRecord,
  agentOrganisations,
  clientOrganisations,
  inScope,
  selectAgentAuthoritiesFor,
} from './agent-authorities.repo.ts';
import { type AgentAuthorityRelation, agentAuthorityScope } from './agent-authorities.scope.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

const presentFor: RecordPresenter<AgentAuthorityRecord, AgentAuthorityRelation, AgentAuthority> = async (
  read,
) => presentAgentAuthority(read.record, read.actions);

type AgentAuthorityRow = Awaited<ReturnType<typeof selectAgentAuthoritiesFor>>[number];

/**
 * The read side of agent authorities: `GET /api/agent-authorities` (marketRoundId, clientId, agentId, status;
 * sorted by AGENT_AUTHORITY_SORT_KEYS; each row with the reader's actions on it; `format=csv|xlsx`, at most 100,000
 * rows) and `GET /api/agent-authority/{id}`: the operator sees all, a client and an agent the authorities they are
 * party to.
 */
export const agentAuthorityRead: ReadModel<
  AgentAuthorityRecord,
  AgentAuthorityRelation,
  AgentAuthority,
  AgentAuthorityListQuery,
  AgentAuthorityRow,
  AgentAuthority
> = {
  record: {
    present: { operator: presentFor, client: presentFor, agent: presentFor },
    answerType: 'AgentAuthority',
  },
  list: {
    query: agentAuthorityListQuerySchema,
    itemType: 'AgentAuthority',
    table: agentAuthorities,
    id: agentAuthorities.id,
    scope: (actor) => agentAuthorityScope(actor).where,
    filters: {
      marketRoundId: (id) => eq(agentAuthorities.marketRoundId, id),
      clientId: (id) => eq(agentAuthorities.clientOrganisationId, id),
      agentId: (id) => eq(agentAuthorities.agentOrganisationId, id),
      status: (status) =>
        status === 'Pending'
          ? isNull(agentAuthorities.approved)
          : eq(agentAuthorities.approved, status === 'Approved'),
    },
    sort: {
      createdAt: agentAuthorities.createdAt,
      client: {
        column: clientOrganisations.name,
        join: {
          table: clientOrganisations,
          on: eq(clientOrganisations.id, agentAuthorities.clientOrganisationId),
        },
      },
      agent: {
        column: agentOrganisations.name,
        join: {
          table: agentOrganisations,
          on: eq(agentOrganisations.id, agentAuthorities.agentOrganisationId),
        },
      },
      round: {
        column: marketRounds.name,
        join: { table: marketRounds, on: eq(marketRounds.id, agentAuthorities.marketRoundId) },
      },
    },
    search: [],
    rows: ({ db, actor }, where) => selectAgentAuthoritiesFor(db, actor, where),
    async present(rows, { db, actor, now }) {
      const items: AgentAuthority[] = [];
      for (const row of rows) {
        const found = inScope(row);
        if (found === null) continue;
        const subject = { actor, record: found.record, ...found.access };
        const actions = await agentAuthorityActions.actionsFor({ db, clock: () => now }, subject);
        items.push(presentAgentAuthority(found.record, actions));
      }
      return items;
    },
    export: {
      filename: 'agent-authorities',
      sheet: 'Agent authorities',
      maxRows: 100_000,
      columns: [
        { header: 'Client', width: 28, value: (item) => item.client.name },
        { header: 'Agent', width: 28, value: (item) => item.agent.name },
        { header: 'Market round', width: 24, value: (item) => item.marketRound.name },
        { header: 'Status', width: 12, value: (item) => item.status },
        {
          header: 'Permissions',
          width: 40,
          value: (item) =>
            item.permissions.map((permission) => AGENT_PERMISSION_LABELS[permission]).join('; '),
        },
        { header: 'Client confirmation', width: 20, value: (item) => item.clientConfirmation.status },
        { header: 'Approved by', width: 24, value: (item) => item.approvedBy?.displayName ?? '' },
        { header: 'Approved', width: 24, value: (item) => item.approvedAt ?? '' },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
      ],
    },
  },
};
