import { formatDateTime, MARKET_ROUND_STATUS_LABELS, type RequirementGroup } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listDeps } from '../../platform/read/list.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { requirementGroupActions } from './requirement-groups.actions.ts';
import type { RequirementGroupRecord } from './requirement-groups.kind.ts';
import { presentGroup } from './requirement-groups.present.ts';
import { groupInScope, membersOf, selectGroupsFor } from './requirement-groups.repo.ts';
import { type RequirementGroupRelation, requirementGroupScope } from './requirement-groups.scope.ts';
import { requirementGroups } from './requirement-groups.tables.ts';

const requirementGroupListQuery = listQuerySchema(['name', 'buyer', 'createdAt'] as const, 'name').extend({
  roundId: z.uuid().optional(),
  buyerId: z.uuid().optional(),
});

type RequirementGroupListQuery = z.infer<typeof requirementGroupListQuery>;

type RequirementGroupRow = Awaited<ReturnType<typeof selectGroupsFor>>[number];

/** A group with its member requirements, by name. */
const presentFor: RecordPresenter<
  RequirementGroupRecord,
  RequirementGroupRelation,
  RequirementGroup
> = async ({ db, record, actions }) =>
  presentGroup(record, (await membersOf(db, [record.id])).get(record.id) ?? [], actions);

/**
 * The read side of requirement groups: `GET /api/requirement-groups` (q on the name; roundId, buyerId; sorted by
 * name, buyer or createdAt; `format=csv|xlsx`, at most 100,000 rows) and `GET /api/requirement-group/{id}`, both
 * scoped. Each item carries the actions offered its reader; a group carries no bid.
 */
export const requirementGroupRead: ReadModel<
  RequirementGroupRecord,
  RequirementGroupRelation,
  RequirementGroup,
  RequirementGroupListQuery,
  RequirementGroupRow,
  RequirementGroup
> = {
  record: {
    present: { operator: presentFor, member: presentFor, agent: presentFor },
    answerType: 'RequirementGroup',
  },
  list: {
    query: requirementGroupListQuery,
    itemType: 'RequirementGroup',
    table: requirementGroups,
    id: requirementGroups.id,
    scope: (actor) => requirementGroupScope(actor).where,
    filters: {
      roundId: (id) => eq(requirementGroups.marketRoundId, id),
      buyerId: (id) => eq(requirementGroups.buyerId, id),
    },
    sort: {
      name: requirementGroups.name,
      buyer: {
        column: organisations.name,
        join: { table: organisations, on: eq(organisations.id, requirementGroups.buyerId) },
      },
      createdAt: requirementGroups.createdAt,
    },
    search: [requirementGroups.name],
    document: searchDocumentOf(requirementGroups),
    rows: ({ db, actor }, where) => selectGroupsFor(db, actor, where),
    present: async (rows, context) => {
      const found = rows.flatMap((row) => groupInScope(row) ?? []);
      const members = await membersOf(
        context.db,
        found.map(({ record }) => record.id),
      );
      const items: RequirementGroup[] = [];
      for (const { record, access } of found) {
        const subject = { actor: context.actor, record, ...access };
        const actions = await requirementGroupActions.actionsFor(listDeps(context), subject);
        items.push(presentGroup(record, members.get(record.id) ?? [], actions));
      }
      return items;
    },
    export: {
      filename: 'requirement-groups',
      sheet: 'Requirement groups',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Buyer or investor', width: 28, value: (item) => item.buyer.name },
        { header: 'Market round', width: 24, value: (item) => item.round?.name ?? null },
        {
          header: 'Round status',
          width: 18,
          value: (item) => (item.round ? MARKET_ROUND_STATUS_LABELS[item.round.status] : null),
        },
        {
          header: 'Requirements',
          width: 48,
          value: (item) => item.requirements.map((requirement) => requirement.name).join('; '),
        },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
      ],
    },
  },
};
