import { buildAgentAuthority, buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { describeMatrix, every, forEveryRole } from './matrix.testing.ts';

/** Only the client's members confirm or decline what was filed for it; the operator decides. */
const CLIENT_ANSWERS = { ConfirmAuthority: 403, DeclineAuthority: 403 } as const;
/** The operator on any authority: every action but the client's answers. */
const operator = { read: 'ok', others: 'ok', actions: CLIENT_ANSWERS } as const;
/** The agent of a pending authority may replace its document; nothing else. */
const agentOfPending = { read: 'ok', others: 403, actions: { ReplaceDocument: 'ok' } } as const;
/** A member of the client of a pending authority: replaces the document, confirms or declines it. */
const clientOfPending = {
  read: 'ok',
  others: 403,
  actions: { ReplaceDocument: 'ok', ConfirmAuthority: 'ok', DeclineAuthority: 'ok' },
} as const;

describeMatrix({
  entity: 'agent-authority',
  async setup({ db, world }) {
    const otherAgent = await buildOrganisation(db, { type: 'AGENT' });
    const ownPending = await buildAgentAuthority(db, {
      roundId: world.openRound.id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
      clientConfirmation: 'Pending',
    });
    const ownDeclined = await buildAgentAuthority(db, {
      roundId: (await buildRound(db, 'Open', 'Autumn round')).id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
      approved: false,
      clientConfirmation: 'Declined',
    });
    const otherApproved = await buildAgentAuthority(db, {
      roundId: world.openRound.id,
      clientId: world.otherParticipant.organisation.id,
      agentId: otherAgent.id,
      approved: true,
    });
    return {
      ownPending: forEveryRole(ownPending),
      ownDeclined: forEveryRole(ownDeclined),
      otherApproved: forEveryRole(otherApproved),
    };
  },
  table: {
    admin: {
      ownPending: operator,
      // A declined authority can never be approved (nor its permissions edited); its documents stay the operator's.
      ownDeclined: {
        read: 'ok',
        others: 403,
        actions: { SetApproval: 409, EditPermissions: 409, ReplaceDocument: 'ok' },
      },
      otherApproved: operator,
    },
    sysadmin: {
      ownPending: operator,
      ownDeclined: {
        read: 'ok',
        others: 403,
        actions: { SetApproval: 409, EditPermissions: 409, ReplaceDocument: 'ok' },
      },
      otherApproved: operator,
    },
    lpa: { ownPending: every(404), ownDeclined: every(404), otherApproved: every(404) },
    participant: {
      ownPending: clientOfPending,
      ownDeclined: { read: 'ok', others: 403, actions: { ConfirmAuthority: 409, DeclineAuthority: 409 } },
      otherApproved: every(404),
    },
    agent: { ownPending: agentOfPending, ownDeclined: every(403), otherApproved: every(404) },
  },
});
