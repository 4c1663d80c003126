import type { FastifyInstance } from 'fastify';
import { requireReader } from './refdata.policy.ts';
import { broadHabitatOptions, habitatOptions } from './stores/habitats.store.ts';
import { lpasStore } from './stores/lpas.store.ts';
import { ncasStore } from './stores/ncas.store.ts';
import { projectTypesStore } from './stores/projectTypes.store.ts';
import { standardsStore } from './stores/standards.store.ts';
import { subcatchmentsStore } from './stores/subcatchments.store.ts';

type Filters = Record<string, string | undefined>;

const filtersOf = (query: unknown): Filters => {
  if (typeof query !== 'object' || query === null) return {};
  const { module, broadHabitat } = query as Record<string, unknown>;
  return {
    module: typeof module === 'string' ? module : undefined,
    broadHabitat: typeof broadHabitat === 'string' ? broadHabitat : undefined,
  };
};

/**
 * The option lists forms load (SPEC 7 "Option loading"): the active items of each kind as an array, for any
 * signed-in user. Habitat types can be narrowed by module and broad habitat.
 */
export async function registerRefDataOptionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const list = (path: string, load: (query: unknown) => Promise<unknown[]>) =>
    app.get(path, async (request) => {
      await requireReader(request);
      return load(request.query);
    });
  list('/api/ncas', () => ncasStore.activeItems(db));
  list('/api/lpas', () => lpasStore.activeItems(db));
  list('/api/subcatchments', () => subcatchmentsStore.activeItems(db));
  list('/api/standards', () => standardsStore.activeItems(db));
  list('/api/project-types', () => projectTypesStore.activeItems(db));
  list('/api/habitats', (query) => habitatOptions(db, filtersOf(query)));
  list('/api/broad-habitats', (query) => broadHabitatOptions(db, filtersOf(query)));
}
