import type { AppModule } from '../../platform/module.ts';
import { registerFileRoutes } from './files.routes.ts';
import * as tables from './files.tables.ts';

/** Files and locations of any entity (the ReplaceDocument action's generic handler lives here too). */
export const filesModule: AppModule = { name: 'files', tables, routes: registerFileRoutes };
