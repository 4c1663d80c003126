import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { participationActions } from './participations.actions.ts';
import { participationKind } from './participations.kind.ts';
import { participationRead } from './participations.read.ts';
import * as tables from './participations.tables.ts';

/** Participations: an organisation's part in a round in one capacity, `/participation/{id}`. */
export const participationsModule = defineEntityModule({
  name: 'participations',
  tables,
  entity: participationActions,
  read: participationRead,
  subjects: {
    participation: subjectAccessThroughScope(participationKind, {
      inRound: recordsInRound(
        tables.participations,
        tables.participations.id,
        tables.participations.marketRoundId,
      ),
      organisationIds: async (db, id) => {
        const record = await participationKind.load(db, id);
        return record ? [record.organisationId] : [];
      },
      describe: async (db, id) => {
        const record = await participationKind.load(db, id);
        return record ? `${record.organisationName} in ${record.roundName}` : undefined;
      },
    }),
  },
});
