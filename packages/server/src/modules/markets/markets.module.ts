import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import type { AppModule } from '../../platform/module.ts';
import { marketActions } from './markets.actions.ts';
import { marketKind } from './markets.kind.ts';
import { registerMarketRoutes } from './markets.routes.ts';
import * as tables from './markets.tables.ts';

/** Markets: `/market/{id}`, `/markets`. */
export const marketsModule: AppModule = {
  name: 'markets',
  tables,
  actions: [marketActions],
  subjects: {
    market: subjectAccessThroughScope(marketKind, {
      describe: async (db, id) => (await marketKind.load(db, id))?.name,
    }),
  },
  routes: registerMarketRoutes,
};
