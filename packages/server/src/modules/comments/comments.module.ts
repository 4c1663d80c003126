import type { AppModule } from '../../platform/module.ts';
import { listRoute, readRoutes } from '../../platform/read/entity-module.ts';
import { commentList } from './comments.repo.ts';
import { registerMentionRoute } from './comments.routes.ts';
import * as tables from './comments.tables.ts';

/** Comments on any entity: the declared list `GET /api/comments`, the mention typeahead, the Comment action's handler. */
export const commentsModule: AppModule = {
  name: 'comments',
  tables,
  ...readRoutes([listRoute('comments', commentList)], registerMentionRoute),
};
