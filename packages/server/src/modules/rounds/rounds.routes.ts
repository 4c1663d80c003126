import { MARKET_ROUND_STATUSES, ROUND_SORT_KEYS } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countRows, listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { markets } from '../markets/markets.tables.ts';
import { latestRoundTask } from '../match/tasks.ts';
import { roundActions } from './rounds.actions.ts';
import { presentRounds, roundKind, roundSummaries, roundSummary } from './rounds.kind.ts';
import { roundChecklist, roundHistory } from './rounds.readiness.ts';
import { declarationsOfRound, declarationsOfRounds } from './rounds.repo.ts';
import { roundScope } from './rounds.scope.ts';
import { marketRounds, roundDeclarations } from './rounds.tables.ts';

const listQuery = listQuerySchema(ROUND_SORT_KEYS, 'createdAt').extend({
  marketId: z.uuid().optional(),
  status: z.enum(MARKET_ROUND_STATUSES).optional(),
});

const SORT_COLUMNS = {
  name: marketRounds.name,
  status: marketRounds.status,
  createdAt: marketRounds.createdAt,
} as const;

/**
 * `GET /api/rounds` (marketId, status), `GET /api/round/{id}` with its summary (counted within the actor's
 * scope) and, for the operator, its history and what it still needs before it opens, `GET /api/round-declarations?roundId=` and `GET /api/round-declaration/{id}`.
 */
export async function registerRoundRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/rounds', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const scope = roundScope(actor);
    const where = and(
      scope.where,
      query.marketId === undefined ? undefined : eq(marketRounds.marketId, query.marketId),
      query.status === undefined ? undefined : eq(marketRounds.status, query.status),
    );
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          deps.db
            .select({
              round: marketRounds,
              marketName: markets.name,
              relation: scope.relation,
              permissions: scope.permissions,
            })
            .from(marketRounds)
            .innerJoin(markets, eq(markets.id, marketRounds.marketId))
            .where(where)
            .orderBy(...listOrder(SORT_COLUMNS, query, marketRounds.id))
            .limit(limit)
            .offset(offset),
        total: () => countRows(deps.db, marketRounds, where),
      },
      async (rows) => {
        const ids = rows.map((row) => row.round.id);
        const declarations = await declarationsOfRounds(deps.db, ids);
        const summaries = await roundSummaries(deps.db, actor, ids);
        const items = [];
        for (const row of rows) {
          const access = accessOf(row);
          if (access === null) continue;
          const record = { ...row.round, marketName: row.marketName };
          const summary = summaries.get(record.id);
          if (summary === undefined) continue;
          items.push({
            record,
            actions: await roundActions.actionsFor(deps, { actor, record, ...access }),
            declarations: declarations.get(record.id) ?? [],
            summary,
          });
        }
        return presentRounds(deps.db, items);
      },
    );
    return { ...page, actions: roundActions.collectionActionsFor(actor) };
  });

  app.get<{ Params: { id: string } }>('/api/round/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await roundKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(roundKind.noun);
    const declarations = await declarationsOfRound(deps.db, found.record.id);
    const [round] = await presentRounds(deps.db, [
      {
        record: found.record,
        actions: await roundActions.actionsFor(deps, { actor, record: found.record, ...found.access }),
        declarations,
        summary: await roundSummary(deps.db, actor, found.record.id),
      },
    ]);
    if (round && isOperator(actor)) {
      round.latestTask = await latestRoundTask(deps.db, found.record.id);
      round.history = await roundHistory(deps.db, found.record.id);
      const checklist = roundChecklist(found.record, declarations, deps.clock());
      if (checklist !== undefined) round.checklist = checklist;
    }
    return round;
  });

  app.get('/api/round-declarations', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { roundId } = z.object({ roundId: z.string() }).parse(request.query);
    const found = await roundKind.loadFor(deps.db, actor, roundId);
    if (found === undefined) throw notFoundInScope(roundKind.noun);
    const items = await declarationsOfRound(deps.db, found.record.id);
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  });

  app.get<{ Params: { id: string } }>('/api/round-declaration/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const notFound = notFoundInScope('round declaration');
    const [row] = z.uuid().safeParse(request.params.id).success
      ? await deps.db
          .select({ roundId: roundDeclarations.marketRoundId })
          .from(roundDeclarations)
          .where(eq(roundDeclarations.id, request.params.id))
      : [];
    if (!row) throw notFound;
    const found = await roundKind.loadFor(deps.db, actor, row.roundId);
    if (found === undefined) throw notFound;
    const declaration = (await declarationsOfRound(deps.db, row.roundId)).find(
      (item) => item.id === request.params.id,
    );
    if (!declaration) throw notFound;
    return declaration;
  });
}
