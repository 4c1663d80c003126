import { buildAgentAuthority, buildOrganisation } from '../../../test/factories.ts';
import { describeMatrix, every, forEveryRole } from './matrix.testing.ts';

/** The client and the agent of a pending authority may replace its document; only the operator decides. */
const partyToPending = { read: 'ok', others: 403, actions: { ReplaceDocument: 'ok' } } as const;

describeMatrix({
  entity: 'agent-authority',
  async setup({ db, world }) {
    const otherAgent = await buildOrganisation(db, { type: 'AGENT' });
    const ownPending = await buildAgentAuthority(db, {
      roundId: world.openRound.id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
    });
    const otherApproved = await buildAgentAuthority(db, {
      roundId: world.openRound.id,
      clientId: world.otherParticipant.organisation.id,
      agentId: otherAgent.id,
      approved: true,
    });
    return { ownPending: forEveryRole(ownPending), otherApproved: forEveryRole(otherApproved) };
  },
  table: {
    admin: { ownPending: every('ok'), otherApproved: every('ok') },
    sysadmin: { ownPending: every('ok'), otherApproved: every('ok') },
    lpa: { ownPending: every(404), otherApproved: every(404) },
    participant: { ownPending: partyToPending, otherApproved: every(404) },
    agent: { ownPending: partyToPending, otherApproved: every(404) },
  },
});
