import type { OpportunityStatement, OpportunityStatementAnswer } from '@curlew/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isRecordId } from '../../platform/actions/ids.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { sendFile } from '../../platform/send-file.ts';
import { mayReadStatement } from '../match/statement.ts';
import { PUBLIC_REGISTRY_OFF, PUBLIC_REGISTRY_RATE_LIMIT } from '../registry/registry.routes.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { opportunityCsv } from './opportunity.csv.ts';
import { publicOpportunityListings } from './opportunity.public.ts';
import { publishedStatement } from './opportunity.publish.ts';

/** The query of an opportunity statement: JSON (default) or CSV. */
export const opportunityQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** The answer for a round with no statement published (or, without signing in, none made public). */
const notPublished = (roundName: string) => `The opportunity statement of ${roundName} is not published yet`;
const NO_PUBLIC_STATEMENT = 'This round has no public opportunity statement';

/** How often one address may read a public statement (no sign-in): as the public registry. */
export const PUBLIC_OPPORTUNITY_RATE_LIMIT = PUBLIC_REGISTRY_RATE_LIMIT;

const sendCsv = (reply: FastifyReply, statement: OpportunityStatement) =>
  sendFile(reply, {
    filename: `Opportunity statement ${statement.round.name}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: opportunityCsv(statement),
  });

/**
 * `GET /api/round/{roundId}/opportunity`: the round's published opportunity statement for the operator, the round's
 * participants and their agents (`{ statement: null }` while none is published; with `format=csv` the CSV, 404 while
 * none is); 401 signed out, 404 for anyone else. `GET /api/public/round/{roundId}/opportunity`: the same statement
 * without signing in once the operator made it public (404 otherwise, and when PUBLIC_REGISTRY is off), limited per
 * address like the public registry. `GET /api/public/opportunity-statements`: the rounds whose statement is public, to
 * open each from the public registry, under the same switch and limit.
 */
export async function registerOpportunityRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roundId: string } }>('/api/round/:roundId/opportunity', async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const { format } = opportunityQuery.parse(request.query);
    const { roundId } = request.params;
    const round = isRecordId(roundId) ? await roundKind.load(deps.db, roundId) : undefined;
    if (!round || !(await mayReadStatement(deps.db, actor, round.id))) throw notFoundInScope(roundKind.noun);
    const statement = await publishedStatement(deps.db, round.id);
    if (format === 'csv') {
      if (!statement) throw new AppError('not_found', notPublished(round.name));
      return sendCsv(reply, statement);
    }
    const answer: OpportunityStatementAnswer = { statement: statement ?? null };
    return answer;
  });

  app.get<{ Params: { roundId: string } }>(
    '/api/public/round/:roundId/opportunity',
    { config: { rateLimit: PUBLIC_OPPORTUNITY_RATE_LIMIT } },
    async (request, reply) => {
      const { deps } = request.server;
      const { format } = opportunityQuery.parse(request.query);
      const { roundId } = request.params;
      const statement =
        deps.config.publicRegistry && isRecordId(roundId)
          ? await publishedStatement(deps.db, roundId)
          : undefined;
      if (!statement?.isPublic) throw new AppError('not_found', NO_PUBLIC_STATEMENT);
      reply.header('cache-control', 'public, max-age=60');
      return format === 'csv' ? sendCsv(reply, statement) : statement;
    },
  );

  app.get(
    '/api/public/opportunity-statements',
    { config: { rateLimit: PUBLIC_OPPORTUNITY_RATE_LIMIT } },
    async (request, reply) => {
      const { deps } = request.server;
      if (!deps.config.publicRegistry) throw new AppError('not_found', PUBLIC_REGISTRY_OFF);
      reply.header('cache-control', 'public, max-age=60');
      return publicOpportunityListings(deps.db);
    },
  );
}
