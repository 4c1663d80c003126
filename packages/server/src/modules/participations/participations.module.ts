import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import type { AppModule } from '../../platform/module.ts';
import { participationActions } from './participations.actions.ts';
import { participationKind } from './participations.kind.ts';
import { registerParticipationRoutes } from './participations.routes.ts';
import * as tables from './participations.tables.ts';

/** Participations: an organisation's part in a round in one capacity, `/participation/{id}`. */
export const participationsModule: AppModule = {
  name: 'participations',
  tables,
  actions: [participationActions],
  subjects: {
    participation: subjectAccessThroughScope(participationKind, {
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
  routes: registerParticipationRoutes,
};
