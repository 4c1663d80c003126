import { buildAgentAuthority } from '../../../test/factories.rounds.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { linkClient } from '../../../test/world.ts';
import {
  buildParticipation,
  describeMatrix,
  type Expectation,
  every,
  forEveryRole,
} from './matrix.testing.ts';

/** A participant on its own Interested participation, and an agent on its client's with RegisterForRound. */
const partyOnInterested: Expectation = {
  read: 'ok',
  others: 403,
  actions: { Register: 'ok', Withdraw: 'ok', Comment: 'ok' },
};

describeMatrix({
  entity: 'participation',
  async setup({ db, world }) {
    const round = world.openRound.id;
    await buildAgentAuthority(db, {
      roundId: round,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    // A second client whose authority in the settled round lets the agent make offers and bids only.
    const offersOnly = await buildOrganisation(db, { type: 'PARTICIPANT', name: 'Offers Only Farm' });
    await linkClient(db, world.members.agent.organisation.id, offersOnly.id);
    await buildAgentAuthority(db, {
      roundId: world.settledRound.id,
      clientId: offersOnly.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    const own = await buildParticipation(db, {
      roundId: round,
      organisationId: world.members.participant.organisation.id,
      capacity: 'Supplier',
      status: 'Interested',
    });
    const client = await buildParticipation(db, {
      roundId: round,
      organisationId: world.client.id,
      capacity: 'Buyer',
      status: 'Interested',
    });
    const other = await buildParticipation(db, {
      roundId: round,
      organisationId: world.otherParticipant.organisation.id,
      capacity: 'Supplier',
      status: 'Provisional',
    });
    const withoutRegisterPermission = await buildParticipation(db, {
      roundId: world.settledRound.id,
      organisationId: offersOnly.id,
      capacity: 'Investor',
      status: 'Interested',
    });
    return {
      ownInterested: { ...forEveryRole(own), agent: client },
      otherProvisional: forEveryRole(other),
      clientWithoutRegisterForRound: { agent: withoutRegisterPermission },
    };
  },
  table: {
    admin: {
      ownInterested: { read: 'ok', others: 'ok', actions: { Reinstate: 409, CompleteRegistration: 409 } },
      otherProvisional: { read: 'ok', others: 'ok', actions: { Register: 409, Reinstate: 409 } },
    },
    sysadmin: {
      ownInterested: { read: 'ok', others: 'ok', actions: { Reinstate: 409, CompleteRegistration: 409 } },
      otherProvisional: { read: 'ok', others: 'ok', actions: { Register: 409, Reinstate: 409 } },
    },
    lpa: { ownInterested: every(404), otherProvisional: every(404) },
    participant: { ownInterested: partyOnInterested, otherProvisional: every(404) },
    agent: {
      ownInterested: partyOnInterested,
      otherProvisional: every(404),
      clientWithoutRegisterForRound: { read: 'ok', others: 403, actions: { Comment: 'ok' } },
    },
  },
});
