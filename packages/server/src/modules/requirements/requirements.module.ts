import { RECORD_PAGES } from '@curlew/domain';
import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { requirementActions } from './requirements.actions.ts';
import { requirementKind } from './requirements.kind.ts';
import { requirementRead } from './requirements.read.ts';
import * as tables from './requirements.tables.ts';

/** Credit requirements: a buyer's or investor's need and its sealed bid, `/requirement/{id}`. */
export const requirementsModule = defineEntityModule({
  name: 'requirements',
  tables,
  entity: requirementActions,
  read: requirementRead,
  subjects: {
    requirement: subjectAccessThroughScope(requirementKind, {
      inRound: recordsInRound(
        tables.creditRequirements,
        tables.creditRequirements.id,
        tables.creditRequirements.marketRoundId,
      ),
      organisationIds: async (db, id) => {
        const record = await requirementKind.load(db, id);
        return record ? [record.buyerId, ...(record.agentId === null ? [] : [record.agentId])] : [];
      },
      describe: async (db, id) => (await requirementKind.load(db, id))?.name,
      page: async (_db, id) => RECORD_PAGES.requirement(id),
    }),
  },
});
