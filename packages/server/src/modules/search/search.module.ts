import type { AppModule } from '../../platform/module.ts';
import { registerSearchRoutes } from './search.routes.ts';

/** The search over every entity's list (read only; each kind through its entity's scope, rows and presenter). */
export const searchModule: AppModule = {
  name: 'search',
  routes: registerSearchRoutes,
};
