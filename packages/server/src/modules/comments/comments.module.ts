import type { AppModule } from '../../platform/module.ts';
import { registerCommentRoutes } from './comments.routes.ts';
import * as tables from './comments.tables.ts';

/** Comments on any entity (the Comment action's generic handler lives here too). */
export const commentsModule: AppModule = { name: 'comments', tables, routes: registerCommentRoutes };
