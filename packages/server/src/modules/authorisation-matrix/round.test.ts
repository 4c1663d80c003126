import { buildRound } from '../../../test/world.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** What only the operator may do on a round; participants and agents register (the round Open). */
const participantOnOpenRound: Expectation = {
  read: 'ok',
  others: 403,
  actions: { RegisterAsParticipant: 'ok' },
};

/** The operator on the open round: setting up, registering and closing registration; the rest wait their status. */
const operatorOnOpenRound: Expectation = {
  read: 'ok',
  others: 409,
  actions: {
    Update: 'ok',
    SetRegistrationDates: 'ok',
    SetReserveInfo: 'ok',
    AddDeclarations: 'ok',
    RemoveDeclaration: 'ok',
    ImportData: 'ok',
    Close: 'ok',
    RecordParticipant: 'ok',
    RegisterAsParticipant: 'ok',
    Comment: 'ok',
  },
};

/** The operator on a Draft round without declarations: set-up only (Open waits for declarations: 409). */
const operatorOnDraftRound: Expectation = {
  read: 'ok',
  others: 409,
  actions: {
    Update: 'ok',
    SetRegistrationDates: 'ok',
    SetReserveInfo: 'ok',
    AddDeclarations: 'ok',
    RemoveDeclaration: 'ok',
    ImportData: 'ok',
    Comment: 'ok',
  },
};

describeMatrix({
  entity: 'round',
  async setup({ db, world }) {
    const draft = await buildRound(db, 'Draft', 'Draft round');
    return { open: forEveryRole(world.openRound.id), draft: forEveryRole(draft.id) };
  },
  table: {
    admin: { open: operatorOnOpenRound, draft: operatorOnDraftRound },
    sysadmin: { open: operatorOnOpenRound, draft: operatorOnDraftRound },
    lpa: { open: every(404), draft: every(404) },
    participant: { open: participantOnOpenRound, draft: every(404) },
    agent: { open: participantOnOpenRound, draft: every(404) },
  },
  reads: [
    {
      // What market balancing could not replace: the operator's list.
      name: 'balancing',
      path: (id) => `/api/round/${id}/balancing`,
      answer: (role) => (role === 'admin' || role === 'sysadmin' ? 200 : 404),
    },
  ],
});
