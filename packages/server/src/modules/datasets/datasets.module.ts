import type { AppModule } from '../../platform/module.ts';
import { registerDatasetRoutes, registerImportPreviewRoute } from './datasets.routes.ts';

/**
 * A round's data sets for a solver outside Curlew (`/api/round/{id}/datasets/{name}.{csv|xlsx}`) and the preview of
 * ImportData (`/api/round/{id}/import-data/preview`); the imports themselves are round actions.
 */
export const datasetsModule: AppModule = {
  name: 'datasets',
  routes: async (app) => {
    await registerDatasetRoutes(app);
    await registerImportPreviewRoute(app);
  },
};
