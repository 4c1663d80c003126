import type { AppModule } from '../../platform/module.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** The System page's calls (sysadmin only): health, backups, solver tasks, the database reset. */
export const systemModule: AppModule = { name: 'system', routes: registerSystemRoutes };
