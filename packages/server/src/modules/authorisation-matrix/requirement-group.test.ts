import { buildRequirementGroup } from '../../../test/factories.records.ts';
import { buildAgentAuthority } from '../../../test/factories.rounds.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** The buyer's side on a group of an open round: it adds, removes, renames and comments (each needs values: 422). */
const editorOnOpen: Expectation = every('ok');

/** The buyer's side once the round's bids and offers have closed: comments only, the rest refused by the round (409). */
const editorOnSettled: Expectation = { read: 'ok', others: 409, actions: { Comment: 'ok' } };

describeMatrix({
  entity: 'requirement-group',
  async setup({ db, world }) {
    const agentId = world.members.agent.organisation.id;
    await buildAgentAuthority(db, {
      roundId: world.openRound.id,
      clientId: world.client.id,
      agentId,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    // In the settled round the agent may make offers and bids for the client only: it comments, it does not edit.
    await buildAgentAuthority(db, {
      roundId: world.settledRound.id,
      clientId: world.client.id,
      agentId,
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    const participantId = world.members.participant.organisation.id;
    const open = await buildRequirementGroup(db, { buyerId: participantId, roundId: world.openRound.id });
    const clientOpen = await buildRequirementGroup(db, {
      buyerId: world.client.id,
      roundId: world.openRound.id,
    });
    const another = await buildRequirementGroup(db, {
      buyerId: world.otherParticipant.organisation.id,
      roundId: world.openRound.id,
    });
    const settled = await buildRequirementGroup(db, {
      buyerId: participantId,
      roundId: world.settledRound.id,
    });
    const clientSettled = await buildRequirementGroup(db, {
      buyerId: world.client.id,
      roundId: world.settledRound.id,
    });
    return {
      open: { ...forEveryRole(open), agent: clientOpen },
      another: forEveryRole(another),
      settled: { ...forEveryRole(settled), agent: clientSettled },
    };
  },
  table: {
    admin: { open: editorOnOpen, another: editorOnOpen, settled: editorOnSettled },
    sysadmin: { open: editorOnOpen, another: editorOnOpen, settled: editorOnSettled },
    lpa: { open: every(404), another: every(404), settled: every(404) },
    participant: { open: editorOnOpen, another: every(404), settled: editorOnSettled },
    agent: {
      open: editorOnOpen,
      another: every(404),
      settled: { read: 'ok', others: 403, actions: { Comment: 'ok' } },
    },
  },
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
});
