import type { AppModule } from '../../platform/module.ts';
import { registerMatchRoutes, registerReviewRoutes } from './match.routes.ts';
import * as tables from './match.tables.ts';
import { registerOutcomeRoutes } from './outcomes.routes.ts';
import { registerStatementRoutes } from './statement.ts';

/**
 * Clearing a round: its INSTANCE, solver tasks (`/solver/task/{taskId}`), the round's Matching status, the review,
 * and once accepted the round's statement and each reader's own outcomes.
 */
export const matchModule: AppModule = {
  name: 'match',
  tables,
  routes: async (app) => {
    await registerMatchRoutes(app);
    await registerReviewRoutes(app);
    await registerStatementRoutes(app);
    await registerOutcomeRoutes(app);
  },
};
