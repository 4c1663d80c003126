import type { AppModule } from '../../platform/module.ts';
import { registerOpportunityRoutes } from './opportunity.routes.ts';
import * as tables from './opportunity.tables.ts';

/**
 * A round's opportunity statement (before bids open): its published figures (`round_opportunity_statements`), read
 * by the round's participants and, once public, by anyone. Publishing is a round action (`opportunity.actions.ts`).
 */
export const opportunityModule: AppModule = {
  name: 'opportunity',
  tables,
  routes: registerOpportunityRoutes,
};
