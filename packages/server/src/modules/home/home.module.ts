import type { AppModule } from '../../platform/module.ts';
import { registerHomeRoutes } from './home.routes.ts';

/** The home pages' work lists (read only; every query through the entities' own scopes). */
export const homeModule: AppModule = {
  name: 'home',
  routes: registerHomeRoutes,
};
