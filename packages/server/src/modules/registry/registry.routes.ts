import { registryTotalsQuerySchema } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { isRecordId } from '../../platform/actions/ids.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { registerListRoute } from '../../platform/read/list-route.ts';
import { publicRegistry } from './registry.public.ts';
import { creditRegistryList, reservedCreditList } from './registry.read.ts';
import { findReserve } from './registry.reserve.ts';
import { registryTotals } from './registry.totals.ts';
import { traceCredit } from './registry.trace.ts';

const CREDIT_NOUN = 'credit';
const RESERVE_NOUN = 'reserved credit';

/** The sentence of the public registry when configuration turns it off. */
const PUBLIC_REGISTRY_OFF = 'The public registry is not available';

/** How often one address may read the public registry (no sign-in): 120 requests a minute, then 429. */
export const PUBLIC_REGISTRY_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * The registry's read routes, every one scoped to the reader (the operator all; participants their own and their
 * clients' through agent authority; an LPA its area, read only; anyone else nothing): the declared lists
 * `GET /api/credits/registry` and `GET /api/reserved-credits` (page, or `format=csv|xlsx`); and, hand-written as they
 * are not an entity's record, `GET /api/credits/registry/{creditId}` (the credit's trace from site to development),
 * `GET /api/reserved-credit/{id}` (what the reserved credit has covered), `GET /api/registry/totals`, and the
 * public `GET /api/public/registry` (no session; 404 when PUBLIC_REGISTRY is off; 429 beyond
 * PUBLIC_REGISTRY_RATE_LIMIT).
 */
export async function registerRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerListRoute(app, 'credits/registry', creditRegistryList);
  registerListRoute(app, 'reserved-credits', reservedCreditList);

  app.get<{ Params: { creditId: string } }>('/api/credits/registry/:creditId', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { creditId } = request.params;
    const trace = isRecordId(creditId) ? await traceCredit(deps.db, actor, creditId) : undefined;
    if (trace === undefined) throw notFoundInScope(CREDIT_NOUN);
    return trace;
  });

  app.get<{ Params: { id: string } }>('/api/reserved-credit/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { id } = request.params;
    const found = isRecordId(id) ? await findReserve(deps.db, actor, id) : undefined;
    if (found === undefined) throw notFoundInScope(RESERVE_NOUN);
    return found;
  });

  app.get('/api/registry/totals', async (request) => {
    const { actor, deps } = await runnerCall(request);
    return registryTotals(deps.db, actor, registryTotalsQuerySchema.parse(request.query));
  });

  app.get(
    '/api/public/registry',
    { config: { rateLimit: PUBLIC_REGISTRY_RATE_LIMIT } },
    async (request, reply) => {
      const { deps } = request.server;
      if (!deps.config.publicRegistry) throw new AppError('not_found', PUBLIC_REGISTRY_OFF);
      return reply.header('cache-control', 'public, max-age=60').send(await publicRegistry(deps.db));
    },
  );
}
