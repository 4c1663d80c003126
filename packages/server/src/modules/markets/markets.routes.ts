import { MARKET_SORT_KEYS } from '@curlew/domain';
import { asc, count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { marketActions } from './markets.actions.ts';
import { currentRoundOf, marketKind, presentMarket } from './markets.kind.ts';
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
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await deps.db
      .select({ market: markets, relation: scope.relation, permissions: scope.permissions })
      .from(markets)
      .where(scope.where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(markets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await deps.db.select({ value: count() }).from(markets).where(scope.where);
    const items = [];
    for (const row of rows) {
      const access = accessOf(row);
      if (access === null) continue;
      const actions = await marketActions.actionsFor(deps, { actor, record: row.market, ...access });
      items.push(presentMarket(row.market, await currentRoundOf(deps.db, actor, row.market.id), actions));
    }
    return {
      items,
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      actions: marketActions.collectionActionsFor(actor),
    };
  });
  app.get<{ Params: { id: string } }>('/api/market/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await marketKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(marketKind.noun);
    const actions = await marketActions.actionsFor(deps, { actor, record: found.record, ...found.access });
    return presentMarket(found.record, await currentRoundOf(deps.db, actor, found.record.id), actions);
  });
}
