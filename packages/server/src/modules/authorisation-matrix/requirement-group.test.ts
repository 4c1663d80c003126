import { buildAgentAuthority, buildRequirementGroup } from '../../../test/factories.ts';
import { describeMatrix, every, forEveryRole } from './matrix.testing.ts';

describeMatrix({
  entity: 'requirement-group',
  async setup({ db, world }) {
    const round = world.openRound.id;
    await buildAgentAuthority(db, {
      roundId: round,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const own = await buildRequirementGroup(db, {
      buyerId: world.members.participant.organisation.id,
      roundId: round,
    });
    const client = await buildRequirementGroup(db, { buyerId: world.client.id, roundId: round });
    const other = await buildRequirementGroup(db, {
      buyerId: world.otherParticipant.organisation.id,
      roundId: round,
    });
    return { own: { ...forEveryRole(own), agent: client }, other: forEveryRole(other) };
  },
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
  table: {
    admin: { own: every('ok'), other: every('ok') },
    sysadmin: { own: every('ok'), other: every('ok') },
    lpa: { own: every(404), other: every(404) },
    participant: { own: every('ok'), other: every(404) },
    agent: { own: every('ok'), other: every(404) },
  },
});
