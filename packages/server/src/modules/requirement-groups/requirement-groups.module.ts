import { RECORD_PAGES } from '@curlew/domain';
import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { requirementGroupActions } from './requirement-groups.actions.ts';
import { requirementGroupKind } from './requirement-groups.kind.ts';
import { requirementGroupRead } from './requirement-groups.read.ts';
import * as tables from './requirement-groups.tables.ts';

/** Requirement groups: one buyer's requirements in one round that win all or none, `/requirement-group/{id}`. */
export const requirementGroupsModule = defineEntityModule({
  name: 'requirement-groups',
  tables,
  entity: requirementGroupActions,
  read: requirementGroupRead,
  subjects: {
    'requirement-group': subjectAccessThroughScope(requirementGroupKind, {
      inRound: recordsInRound(
        tables.requirementGroups,
        tables.requirementGroups.id,
        tables.requirementGroups.marketRoundId,
      ),
      organisationIds: async (db, id) => {
        const record = await requirementGroupKind.load(db, id);
        return record ? [record.buyerId] : [];
      },
      describe: async (db, id) => (await requirementGroupKind.load(db, id))?.name,
      page: async (_db, id) => RECORD_PAGES.requirementGroup(id),
    }),
  },
});
