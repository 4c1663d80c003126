import { type PROJECT_ACTIONS, WARNINGS } from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { projectGroups } from '../project-groups/project-groups.tables.ts';
import { notAnOption } from './projects.handling.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import { updateProject } from './projects.repo.ts';

/** A project joining or leaving one of its supplier's groups in its round. */
export const projectGroupHandlers = {
  AddToGroup: {
    async load({ db, record }) {
      const groups =
        record.marketRoundId === null ? [] : await groupsFor(db, record.supplierId, record.marketRoundId);
      return {
        options: {
          groupId: groups.map((group) => ({ value: group.id, label: `${group.name} (${group.type})` })),
        },
        warnings: groups.length === 0 ? [{ path: 'groupId', message: WARNINGS.noProjectGroups }] : [],
        ...(record.groupId === null ? {} : { initialValues: { groupId: record.groupId } }),
      };
    },
    async handle({ tx, record, values, now }) {
      const groups =
        record.marketRoundId === null ? [] : await groupsFor(tx, record.supplierId, record.marketRoundId);
      const group = groups.find((candidate) => candidate.id === values.groupId);
      if (group === undefined) throw notAnOption('groupId');
      await updateProject(tx, record.id, { groupId: group.id }, now);
      return { message: `${record.name} added to ${group.name}` };
    },
  },
  RemoveFromGroup: {
    async handle({ tx, record, now }) {
      await updateProject(tx, record.id, { groupId: null }, now);
      return { message: `${record.name} removed from ${record.groupName ?? 'its group'}` };
    },
  },
} satisfies Partial<RecordHandlers<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>>;

/** The supplier's project groups in a round. */
async function groupsFor(db: Queryable, supplierId: string, roundId: string) {
  return db
    .select({ id: projectGroups.id, name: projectGroups.name, type: projectGroups.type })
    .from(projectGroups)
    .where(and(eq(projectGroups.supplierId, supplierId), eq(projectGroups.marketRoundId, roundId)))
    .orderBy(asc(projectGroups.name));
}
