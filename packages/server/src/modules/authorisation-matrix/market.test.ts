import { buildRound } from '../../../test/world.ts';
import { describeMatrix, every, forEveryRole, marketOf } from './matrix.testing.ts';

/** Participants and agents see a market with a round open to them, and may do nothing on it. */
const viewer = { read: 'ok', others: 403 } as const;

describeMatrix({
  entity: 'market',
  async setup({ db, world }) {
    const draft = await buildRound(db, 'Draft', 'Draft round');
    return {
      withOpenRound: forEveryRole(await marketOf(db, world.openRound.id)),
      withDraftRoundOnly: forEveryRole(await marketOf(db, draft.id)),
    };
  },
  table: {
    admin: { withOpenRound: every('ok'), withDraftRoundOnly: every('ok') },
    sysadmin: { withOpenRound: every('ok'), withDraftRoundOnly: every('ok') },
    lpa: { withOpenRound: every(404), withDraftRoundOnly: every(404) },
    participant: { withOpenRound: viewer, withDraftRoundOnly: every(404) },
    agent: { withOpenRound: viewer, withDraftRoundOnly: every(404) },
  },
});
