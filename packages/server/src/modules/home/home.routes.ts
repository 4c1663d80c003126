import type { AgentHome, HomeClient, ParticipantHome } from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { agentAuthorities, agentClients } from '../agent-authorities/agent-authorities.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { lpaHome } from './home.lpa.ts';
import { operatorHome } from './home.operator.ts';
import { homeRecords } from './home.records.ts';

/** The refusal of a home that is not the reader's. */
export const NOT_YOUR_HOME = {
  operator: 'This home is for the market operator',
  participant: 'This home is for participants',
  agent: 'This home is for agents',
  lpa: 'This home is for local planning authorities',
} as const;

const organisationType = (actor: Actor) => (isOperator(actor) ? null : (actor.organisation?.type ?? null));

/** The agent's clients (added by the agent or giving it approved authority), each with its authorities. */
async function agentClientsOf(
  deps: Pick<AppDeps, 'db'>,
  agentId: string,
): Promise<Omit<HomeClient, 'records'>[]> {
  const added = await deps.db
    .select({ id: organisations.id, name: organisations.name })
    .from(agentClients)
    .innerJoin(organisations, eq(organisations.id, agentClients.clientOrganisationId))
    .where(eq(agentClients.agentOrganisationId, agentId));
  const authorities = await deps.db
    .select({
      clientId: organisations.id,
      clientName: organisations.name,
      roundId: marketRounds.id,
      roundName: marketRounds.name,
      marketId: marketRounds.marketId,
      permissions: agentAuthorities.permissions,
    })
    .from(agentAuthorities)
    .innerJoin(organisations, eq(organisations.id, agentAuthorities.clientOrganisationId))
    .innerJoin(marketRounds, eq(marketRounds.id, agentAuthorities.marketRoundId))
    .where(and(eq(agentAuthorities.agentOrganisationId, agentId), eq(agentAuthorities.approved, true)))
    .orderBy(asc(marketRounds.name));
  const clients = new Map<string, Omit<HomeClient, 'records'>>();
  for (const client of added) clients.set(client.id, { ...client, authorities: [] });
  for (const row of authorities) {
    const client = clients.get(row.clientId) ?? { id: row.clientId, name: row.clientName, authorities: [] };
    client.authorities.push({
      round: { id: row.roundId, name: row.roundName, marketId: row.marketId },
      permissions: [...row.permissions],
    });
    clients.set(row.clientId, client);
  }
  return [...clients.values()];
}

/**
 * The home pages' work lists, one route per kind of reader, each scoped to what the reader may see:
 * `GET /api/home/operator` (the operator), `GET /api/home/participant` (a participant's own records),
 * `GET /api/home/agent` (an agent's clients, their records and its authorities), `GET /api/home/lpa` (an LPA's
 * area). Any other reader gets 403.
 */
export async function registerHomeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/home/operator', async (request) => {
    const { actor, deps } = await runnerCall(request);
    if (!isOperator(actor)) throw new AppError('forbidden', NOT_YOUR_HOME.operator);
    return operatorHome(deps, actor);
  });

  app.get('/api/home/participant', async (request): Promise<ParticipantHome> => {
    const { actor, deps } = await runnerCall(request);
    if (organisationType(actor) !== 'PARTICIPANT') throw new AppError('forbidden', NOT_YOUR_HOME.participant);
    return { records: await homeRecords(deps, actor) };
  });

  app.get('/api/home/agent', async (request): Promise<AgentHome> => {
    const { actor, deps } = await runnerCall(request);
    if (organisationType(actor) !== 'AGENT' || actor.organisationId === null)
      throw new AppError('forbidden', NOT_YOUR_HOME.agent);
    const records = await homeRecords(deps, actor);
    const clients = await agentClientsOf(deps, actor.organisationId);
    for (const record of records) {
      if (!clients.some((client) => client.id === record.owner.id))
        clients.push({ id: record.owner.id, name: record.owner.name, authorities: [] });
    }
    return {
      clients: clients
        .map((client) => ({ ...client, records: records.filter((record) => record.owner.id === client.id) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });

  app.get('/api/home/lpa', async (request) => {
    const { actor, deps } = await runnerCall(request);
    if (organisationType(actor) !== 'LPA') throw new AppError('forbidden', NOT_YOUR_HOME.lpa);
    return lpaHome(deps, actor);
  });
}
