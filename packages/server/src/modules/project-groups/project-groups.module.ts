import { RECORD_PAGES } from '@curlew/domain';
import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { projectGroupActions } from './project-groups.actions.ts';
import { projectGroupKind } from './project-groups.kind.ts';
import { projectGroupRead } from './project-groups.read.ts';
import * as tables from './project-groups.tables.ts';

/** Project groups: a supplier's XOR or AND group of projects in one round, `/project-group/{id}`. */
export const projectGroupsModule = defineEntityModule({
  name: 'project-groups',
  tables,
  entity: projectGroupActions,
  read: projectGroupRead,
  subjects: {
    'project-group': subjectAccessThroughScope(projectGroupKind, {
      inRound: recordsInRound(
        tables.projectGroups,
        tables.projectGroups.id,
        tables.projectGroups.marketRoundId,
      ),
      organisationIds: async (db, id) => {
        const record = await projectGroupKind.load(db, id);
        return record ? [record.supplierId] : [];
      },
      describe: async (db, id) => (await projectGroupKind.load(db, id))?.name,
      page: async (_db, id) => RECORD_PAGES.projectGroup(id),
    }),
  },
});
