import type { FastifyInstance } from 'fastify';
import { registerNcaNeighbourRoutes } from './nca-neighbours.routes.ts';
import { registerRefDataOptionRoutes } from './refdata.options.routes.ts';
import { registerRefDataRoutes } from './refdata.routes.ts';

export { seedReferenceData } from './refdata.seed.ts';

/** Every reference-data route: settings lists and items, writes, NCA and NCA neighbour imports and option lists. */
export async function registerReferenceData(app: FastifyInstance): Promise<void> {
  await registerRefDataRoutes(app);
  await registerNcaNeighbourRoutes(app);
  await registerRefDataOptionRoutes(app);
}
