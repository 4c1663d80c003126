import type { AppModule } from '../../platform/module.ts';
import { listRoute, readRoutes } from '../../platform/read/entity-module.ts';
import { registerMatchRoutes, registerReviewRoutes } from './match.routes.ts';
import * as tables from './match.tables.ts';
import { registerOutcomeRoutes } from './outcomes.routes.ts';
import { unmatchedProjectList, unmatchedRequirementList } from './review.lists.ts';
import { registerStatementRoutes } from './statement.ts';

/**
 * Clearing a round: its INSTANCE, solver tasks (`/solver/task/{taskId}`), the round's Matching status, the review
 * with its declared lists of unmatched projects and requirements, and once accepted the round's statement and each
 * reader's own outcomes.
 */
export const matchModule: AppModule = {
  name: 'match',
  tables,
  ...readRoutes(
    [
      listRoute('unmatched-projects', unmatchedProjectList),
      listRoute('unmatched-requirements', unmatchedRequirementList),
    ],
    async (app) => {
      await registerMatchRoutes(app);
      await registerReviewRoutes(app);
      await registerStatementRoutes(app);
      await registerOutcomeRoutes(app);
    },
  ),
};
