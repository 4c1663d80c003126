import type { FastifyInstance } from 'fastify';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { planningAreas } from './map.areas.ts';
import { lpaMap } from './map.lpa.ts';
import { roundMap } from './map.round.ts';

/** The refusal of the LPA map to any other reader. */
export const LPA_MAP_ONLY = 'This map is for local planning authorities';

/** The areas change only with a release: browsers keep them a day and revalidate with the ETag. */
const AREAS_CACHE = 'public, max-age=86400, must-revalidate';

/**
 * The map's routes. `GET /api/map/areas`: England's planning areas as TopoJSON (no session needed: the public
 * registry's map draws them too; boundaries are open data), with an ETag (304 when it matches).
 * `GET /api/round/{id}/map`: the round's records and accepted flows the reader may see (404 outside its scope).
 * `GET /api/lpa/map`: an LPA officer's area map (403 to any other reader).
 */
export async function registerMapRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/map/areas', async (request, reply) => {
    const areas = planningAreas();
    reply.header('etag', areas.etag).header('cache-control', AREAS_CACHE);
    if (request.headers['if-none-match'] === areas.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(areas.json);
  });

  app.get<{ Params: { id: string } }>('/api/round/:id/map', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { id } = request.params;
    const map = isRecordId(id) ? await roundMap(deps.db, actor, id) : undefined;
    if (map === undefined) throw notFoundInScope('market round');
    return map;
  });

  app.get('/api/lpa/map', async (request) => {
    const { actor, deps } = await runnerCall(request);
    if (isOperator(actor) || actor.organisation?.type !== 'LPA')
      throw new AppError('forbidden', LPA_MAP_ONLY);
    return lpaMap(deps.db, actor);
  });
}
