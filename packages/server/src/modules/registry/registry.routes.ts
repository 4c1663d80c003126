import { registryTotalsQuerySchema } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { AppError } from '../../platform/errors.ts';
import { sendWithEtag } from '../../platform/etag.ts';
import { planningAreas } from '../map/map.areas.ts';
import { publicRegistryGeoJson } from './registry.geojson.ts';
import { publicRegistryCsv, publicRegistryQuery } from './registry.open-data.ts';
import { publicRegistry, publicRegistryWithPlaces } from './registry.public.ts';
import { registryTotals } from './registry.totals.ts';

/** The sentence of the public registry when configuration turns it off. */
export const PUBLIC_REGISTRY_OFF = 'The public registry is not available';

/** How often one address may read the public registry (no sign-in): 120 requests a minute, then 429. */
export const PUBLIC_REGISTRY_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * The registry's routes besides its declared lists and records: `GET /api/registry/totals` (scoped to the reader)
 * and the public `GET /api/public/registry` (no session; JSON, or one table as CSV with `format=csv&table=`) and
 * `GET /api/public/registry.geojson` (its sites as GeoJSON points): each with an ETag, 304 for a matching
 * If-None-Match; 404 when PUBLIC_REGISTRY is off; 429 beyond PUBLIC_REGISTRY_RATE_LIMIT.
 */
export async function registerRegistrySpecialRoutes(app: FastifyInstance): Promise<void> {
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
      const { format, table } = publicRegistryQuery.parse(request.query);
      const registry = await publicRegistry(deps.db);
      const headers = { 'cache-control': 'public, max-age=60' };
      return format === 'csv'
        ? sendWithEtag(request, reply, {
            body: publicRegistryCsv(registry, table),
            contentType: 'text/csv; charset=utf-8',
            headers: {
              ...headers,
              'content-disposition': `attachment; filename="public-registry-${table}.csv"`,
            },
          })
        : sendWithEtag(request, reply, {
            body: JSON.stringify(registry),
            contentType: 'application/json; charset=utf-8',
            headers,
          });
    },
  );

  app.get(
    '/api/public/registry.geojson',
    { config: { rateLimit: PUBLIC_REGISTRY_RATE_LIMIT } },
    async (request, reply) => {
      const { deps } = request.server;
      if (!deps.config.publicRegistry) throw new AppError('not_found', PUBLIC_REGISTRY_OFF);
      const geojson = publicRegistryGeoJson(await publicRegistryWithPlaces(deps.db), planningAreas());
      return sendWithEtag(request, reply, {
        body: JSON.stringify(geojson),
        contentType: 'application/geo+json; charset=utf-8',
        headers: {
          'cache-control': 'public, max-age=60',
          'content-disposition': 'inline; filename="public-registry.geojson"',
        },
      });
    },
  );
}
