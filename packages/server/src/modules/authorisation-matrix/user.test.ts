import { describeMatrix, every, forEveryRole } from './matrix.testing.ts';

/** Nobody disables, enables or resets their own account. */
const ownAccount = every(403);

/** The operator on another active user: disable and reset (Enable waits for a disabled account). */
const operatorOnOther = { read: 'ok', others: 'ok', actions: { Enable: 409 } } as const;

describeMatrix({
  entity: 'user',
  async setup({ world }) {
    return {
      own: {
        admin: world.members.admin.user.id,
        sysadmin: world.members.sysadmin.user.id,
        lpa: world.members.lpa.user.id,
        participant: world.members.participant.user.id,
        agent: world.members.agent.user.id,
      },
      otherParticipantsUser: forEveryRole(world.otherParticipant.user.id),
    };
  },
  table: {
    admin: { own: ownAccount, otherParticipantsUser: operatorOnOther },
    sysadmin: { own: ownAccount, otherParticipantsUser: operatorOnOther },
    lpa: { own: ownAccount, otherParticipantsUser: every(404) },
    participant: { own: ownAccount, otherParticipantsUser: every(404) },
    agent: { own: ownAccount, otherParticipantsUser: every(404) },
  },
});
