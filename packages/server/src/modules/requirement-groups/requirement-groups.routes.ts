import type { EntityAction, RequirementGroup } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { markNextSteps } from '../../platform/actions/next-steps.ts';
import { countRows, listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { requirementGroups } from '../requirements/requirements.tables.ts';
import { requirementGroupActions } from './requirement-groups.actions.ts';
import {
  type RequirementGroupRecord,
  requirementGroupKind,
  requirementGroupNextSteps,
} from './requirement-groups.kind.ts';
import { type GroupMember, groupInScope, membersOf, selectGroupsFor } from './requirement-groups.repo.ts';
import { requirementGroupScope } from './requirement-groups.scope.ts';

const listQuery = listQuerySchema(['name', 'buyer', 'createdAt'] as const, 'name').extend({
  roundId: z.uuid().optional(),
  buyerId: z.uuid().optional(),
});

const SORT_COLUMNS = {
  name: requirementGroups.name,
  buyer: organisations.name,
  createdAt: requirementGroups.createdAt,
} as const;

/** A group as the API answers it (no bid: groups carry none), its next steps marked. */
export const presentGroup = (
  record: RequirementGroupRecord,
  members: readonly GroupMember[],
  actions: EntityAction[],
): RequirementGroup => ({
  id: record.id,
  self: `/requirement-group/${record.id}`,
  name: record.name,
  buyer: { id: record.buyerId, name: record.buyerName },
  round:
    record.marketRoundId !== null && record.roundName !== null && record.roundStatus !== null
      ? { id: record.marketRoundId, name: record.roundName, status: record.roundStatus }
      : null,
  requirements: members.map((member) => ({
    id: member.id,
    name: member.name,
    self: `/requirement/${member.id}`,
    status: member.status,
  })),
  createdAt: record.createdAt.toISOString(),
  actions: markNextSteps(actions, requirementGroupNextSteps(record, members.length)),
});

/** `GET /api/requirement-groups` (roundId, buyerId) and `GET /api/requirement-group/{id}`, scoped. */
export async function registerRequirementGroupRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/requirement-groups', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const where = and(
      query.roundId === undefined ? undefined : eq(requirementGroups.marketRoundId, query.roundId),
      query.buyerId === undefined ? undefined : eq(requirementGroups.buyerId, query.buyerId),
    );
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectGroupsFor(deps.db, actor, where)
            .orderBy(...listOrder(SORT_COLUMNS, query, requirementGroups.id))
            .limit(limit)
            .offset(offset),
        total: () => countRows(deps.db, requirementGroups, and(requirementGroupScope(actor).where, where)),
      },
      async (rows) => {
        const found = rows.flatMap((row) => {
          const inScope = groupInScope(row);
          return inScope === null ? [] : [inScope];
        });
        const members = await membersOf(
          deps.db,
          found.map(({ record }) => record.id),
        );
        const items = [];
        for (const { record, access } of found) {
          const actions = await requirementGroupActions.actionsFor(deps, { actor, record, ...access });
          items.push(presentGroup(record, members.get(record.id) ?? [], actions));
        }
        return items;
      },
    );
    return { ...page, actions: requirementGroupActions.collectionActionsFor(actor) };
  });
  app.get<{ Params: { id: string } }>('/api/requirement-group/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await requirementGroupKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(requirementGroupKind.noun);
    const actions = await requirementGroupActions.actionsFor(deps, {
      actor,
      record: found.record,
      ...found.access,
    });
    const members = await membersOf(deps.db, [found.record.id]);
    return presentGroup(found.record, members.get(found.record.id) ?? [], actions);
  });
}
