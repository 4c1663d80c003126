import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { marketActions } from './markets.actions.ts';
import { marketKind } from './markets.kind.ts';
import { marketRead } from './markets.read.ts';
import * as tables from './markets.tables.ts';

/** Markets: `/market/{id}`, `/markets`. */
export const marketsModule = defineEntityModule({
  name: 'markets',
  tables,
  entity: marketActions,
  read: marketRead,
  subjects: {
    market: subjectAccessThroughScope(marketKind, {
      describe: async (db, id) => (await marketKind.load(db, id))?.name,
    }),
  },
});
