import { formatDateTime, MARKET_ROUND_STATUS_LABELS, type ProjectGroup } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listDeps } from '../../platform/read/list.ts';
import { projectGroupActions } from './project-groups.actions.ts';
import { type ProjectGroupRecord, presentProjectGroup } from './project-groups.kind.ts';
import { membersOf, projectGroupInScope, selectProjectGroupsFor } from './project-groups.repo.ts';
import { type ProjectGroupRelation, projectGroupScope } from './project-groups.scope.ts';
import { projectGroups } from './project-groups.tables.ts';

const projectGroupListQuery = listQuerySchema(['name', 'createdAt'] as const, 'name').extend({
  roundId: z.uuid().optional(),
  supplierId: z.uuid().optional(),
});

type ProjectGroupListQuery = z.infer<typeof projectGroupListQuery>;

type ProjectGroupRow = Awaited<ReturnType<typeof selectProjectGroupsFor>>[number];

/** A group with its member projects, by name. */
const presentFor: RecordPresenter<ProjectGroupRecord, ProjectGroupRelation, ProjectGroup> = async ({
  db,
  record,
  actions,
}) => presentProjectGroup(record, await membersOf(db, [record.id]), actions);

/**
 * The read side of project groups: `GET /api/project-groups` (q on the name; roundId, supplierId; sorted by name or
 * createdAt; `format=csv|xlsx`, at most 100,000 rows) and `GET /api/project-group/{id}`, both scoped. Each item
 * carries the actions offered its reader; a group carries no offer.
 */
export const projectGroupRead: ReadModel<
  ProjectGroupRecord,
  ProjectGroupRelation,
  ProjectGroup,
  ProjectGroupListQuery,
  ProjectGroupRow,
  ProjectGroup
> = {
  record: {
    present: { operator: presentFor, member: presentFor, agent: presentFor },
    answerType: 'ProjectGroup',
  },
  list: {
    query: projectGroupListQuery,
    itemType: 'ProjectGroup',
    table: projectGroups,
    id: projectGroups.id,
    scope: (actor) => projectGroupScope(actor).where,
    filters: {
      roundId: (id) => eq(projectGroups.marketRoundId, id),
      supplierId: (id) => eq(projectGroups.supplierId, id),
    },
    sort: { name: projectGroups.name, createdAt: projectGroups.createdAt },
    search: [projectGroups.name],
    document: searchDocumentOf(projectGroups),
    rows: ({ db, actor }, where) => selectProjectGroupsFor(db, actor, where),
    present: async (rows, context) => {
      const found = rows.flatMap((row) => projectGroupInScope(row) ?? []);
      const members = await membersOf(
        context.db,
        found.map(({ record }) => record.id),
      );
      const items: ProjectGroup[] = [];
      for (const { record, access } of found) {
        const subject = { actor: context.actor, record, ...access };
        const actions = await projectGroupActions.actionsFor(listDeps(context), subject);
        const own = members.filter((member) => member.groupId === record.id);
        items.push(presentProjectGroup(record, own, actions));
      }
      return items;
    },
    export: {
      filename: 'project-groups',
      sheet: 'Project groups',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Type', width: 8, value: (item) => item.type },
        { header: 'Supplier', width: 28, value: (item) => item.supplier.name },
        { header: 'Market round', width: 24, value: (item) => item.round.name },
        { header: 'Round status', width: 18, value: (item) => MARKET_ROUND_STATUS_LABELS[item.round.status] },
        {
          header: 'Projects',
          width: 48,
          value: (item) => item.projects.map((project) => project.name).join('; '),
        },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
      ],
    },
  },
};
