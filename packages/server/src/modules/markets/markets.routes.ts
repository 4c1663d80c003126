import { MARKET_SORT_KEYS } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { countRows, listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { marketActions } from './markets.actions.ts';
import { latestRoundOf, latestRoundsOf, marketKind, presentMarket } from './markets.kind.ts';
import { marketScope } from './markets.scope.ts';
import { markets } from './markets.tables.ts';

const listQuery = listQuerySchema(MARKET_SORT_KEYS, 'name');

const SORT_COLUMNS = { name: markets.name, region: markets.region, createdAt: markets.createdAt } as const;

/** `GET /api/markets` (the operator all, others those with a round they can see) and `GET /api/market/{id}`. */
export async function registerMarketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/markets', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const scope = marketScope(actor);
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          deps.db
            .select({ market: markets, relation: scope.relation, permissions: scope.permissions })
            .from(markets)
            .where(scope.where)
            .orderBy(...listOrder(SORT_COLUMNS, query, markets.id))
            .limit(limit)
            .offset(offset),
        total: () => countRows(deps.db, markets, scope.where),
      },
      async (rows) => {
        const current = await latestRoundsOf(
          deps.db,
          actor,
          rows.map((row) => row.market.id),
        );
        const items = [];
        for (const row of rows) {
          const access = accessOf(row);
          if (access === null) continue;
          const actions = await marketActions.actionsFor(deps, { actor, record: row.market, ...access });
          items.push(presentMarket(row.market, current.get(row.market.id) ?? null, actions));
        }
        return items;
      },
    );
    return { ...page, actions: marketActions.collectionActionsFor(actor) };
  });
  app.get<{ Params: { id: string } }>('/api/market/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await marketKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(marketKind.noun);
    const actions = await marketActions.actionsFor(deps, { actor, record: found.record, ...found.access });
    return presentMarket(found.record, await latestRoundOf(deps.db, actor, found.record.id), actions);
  });
}
