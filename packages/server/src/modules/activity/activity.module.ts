import type { AppModule } from '../../platform/module.ts';
import { registerActivityRoutes } from './activity.routes.ts';

/** The activity feed of any entity (the runner writes the entries; its table belongs to the platform). */
export const activityModule: AppModule = { name: 'activity', routes: registerActivityRoutes };
