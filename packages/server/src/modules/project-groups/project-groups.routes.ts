import { and, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  containsPattern,
  countRows,
  listOrder,
  listPage,
  listQuerySchema,
} from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { projectGroupActions } from './project-groups.actions.ts';
import { presentProjectGroup, projectGroupKind } from './project-groups.kind.ts';
import { membersOf, projectGroupInScope, selectProjectGroupsFor } from './project-groups.repo.ts';
import { projectGroupScope } from './project-groups.scope.ts';
import { projectGroups } from './project-groups.tables.ts';

const SORT_COLUMNS = { name: projectGroups.name, createdAt: projectGroups.createdAt } as const;

const listQuery = listQuerySchema(['name', 'createdAt'] as const, 'name').extend({
  roundId: z.uuid().optional(),
  supplierId: z.uuid().optional(),
});

/** `GET /api/project-groups` (q, roundId, supplierId; sort name or createdAt) and `GET /api/project-group/{id}`. */
export async function registerProjectGroupRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/project-groups', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const where = and(
      query.q === undefined ? undefined : ilike(projectGroups.name, containsPattern(query.q)),
      query.roundId === undefined ? undefined : eq(projectGroups.marketRoundId, query.roundId),
      query.supplierId === undefined ? undefined : eq(projectGroups.supplierId, query.supplierId),
    );
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectProjectGroupsFor(deps.db, actor, where)
            .orderBy(...listOrder(SORT_COLUMNS, query, projectGroups.id))
            .limit(limit)
            .offset(offset),
        total: () => countRows(deps.db, projectGroups, and(projectGroupScope(actor).where, where)),
      },
      async (rows) => {
        const found = rows.flatMap((row) => {
          const inScope = projectGroupInScope(row);
          return inScope === null ? [] : [inScope];
        });
        const members = await membersOf(
          deps.db,
          found.map(({ record }) => record.id),
        );
        const items = [];
        for (const { record, access } of found) {
          const actions = await projectGroupActions.actionsFor(deps, { actor, record, ...access });
          items.push(
            presentProjectGroup(
              record,
              members.filter((member) => member.groupId === record.id),
              actions,
            ),
          );
        }
        return items;
      },
    );
    return { ...page, actions: projectGroupActions.collectionActionsFor(actor) };
  });

  app.get<{ Params: { id: string } }>('/api/project-group/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await projectGroupKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(projectGroupKind.noun);
    const actions = await projectGroupActions.actionsFor(deps, {
      actor,
      record: found.record,
      ...found.access,
    });
    return presentProjectGroup(found.record, await membersOf(deps.db, [found.record.id]), actions);
  });
}
