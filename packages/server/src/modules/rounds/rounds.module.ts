import { RECORD_PAGES } from '@curlew/domain';
import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule, listRoute, recordRoute } from '../../platform/read/entity-module.ts';
import { roundActions } from './rounds.actions.ts';
import { roundDeclarationList, roundDeclarationRecord } from './rounds.declarations.read.ts';
import { roundKind } from './rounds.kind.ts';
import { roundRead } from './rounds.read.ts';
import * as tables from './rounds.tables.ts';

/** Market rounds and their declarations: `/round/{id}`, `/rounds`, `/round-declaration/{id}`. */
export const roundsModule = defineEntityModule({
  name: 'rounds',
  tables,
  entity: roundActions,
  read: roundRead,
  subjects: {
    round: subjectAccessThroughScope(roundKind, {
      inRound: recordsInRound(tables.marketRounds, tables.marketRounds.id, tables.marketRounds.id),
      describe: async (db, id) => (await roundKind.load(db, id))?.name,
      page: async (db, id) => {
        const round = await roundKind.load(db, id);
        return round ? RECORD_PAGES.round(round.marketId, round.id) : undefined;
      },
    }),
  },
  reads: [listRoute('round-declarations', roundDeclarationList), recordRoute(roundDeclarationRecord)],
});
