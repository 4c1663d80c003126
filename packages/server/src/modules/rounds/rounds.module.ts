import { RECORD_PAGES } from '@curlew/domain';
import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { roundActions } from './rounds.actions.ts';
import { roundKind } from './rounds.kind.ts';
import { roundRead } from './rounds.read.ts';
import { registerRoundDeclarationRoutes } from './rounds.routes.ts';
import * as tables from './rounds.tables.ts';

/** Market rounds and their declarations: `/round/{id}`, `/rounds`, `/round-declaration/{id}`. */
export const roundsModule = defineEntityModule({
  name: 'rounds',
  tables,
  entity: roundActions,
  read: roundRead,
  subjects: {
    round: subjectAccessThroughScope(roundKind, {
      describe: async (db, id) => (await roundKind.load(db, id))?.name,
      page: async (db, id) => {
        const round = await roundKind.load(db, id);
        return round ? RECORD_PAGES.round(round.marketId, round.id) : undefined;
      },
    }),
  },
  routes: registerRoundDeclarationRoutes,
});
