import type { AppModule } from '../../platform/module.ts';
import { registerMapRoutes } from './map.routes.ts';

/** The map: planning areas, and where records are (read only; every query through the entities' own scopes). */
export const mapModule: AppModule = {
  name: 'map',
  routes: registerMapRoutes,
};
