import { buildProjectGroup } from '../../../test/factories.records.ts';
import { buildAgentAuthority } from '../../../test/factories.rounds.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { linkClient } from '../../../test/world.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** The supplier's side on its group: it adds projects, renames it and comments (each needs values: 422). */
const supplierSide: Expectation = every('ok');

describeMatrix({
  entity: 'project-group',
  async setup({ db, world }) {
    const roundId = world.openRound.id;
    await buildAgentAuthority(db, {
      roundId,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    // A client whose authority lets the agent make offers and bids only: it may comment, not keep the group.
    const offersOnly = await buildOrganisation(db, { type: 'PARTICIPANT', name: 'Offers Only Farm' });
    await linkClient(db, world.members.agent.organisation.id, offersOnly.id);
    await buildAgentAuthority(db, {
      roundId,
      clientId: offersOnly.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    const own = await buildProjectGroup(db, {
      roundId,
      supplierId: world.members.participant.organisation.id,
    });
    const client = await buildProjectGroup(db, { roundId, supplierId: world.client.id });
    const offersOnlyGroup = await buildProjectGroup(db, { roundId, supplierId: offersOnly.id });
    const another = await buildProjectGroup(db, {
      roundId,
      supplierId: world.otherParticipant.organisation.id,
    });
    // The client's group in a round where the agent holds no authority: outside its scope.
    const unauthorised = await buildProjectGroup(db, {
      roundId: world.settledRound.id,
      supplierId: world.client.id,
    });
    return {
      own: { ...forEveryRole(own.id), agent: client.id },
      another: forEveryRole(another.id),
      offersOnly: { agent: offersOnlyGroup.id },
      unauthorised: { agent: unauthorised.id },
    };
  },
  table: {
    admin: { own: supplierSide, another: supplierSide },
    sysadmin: { own: supplierSide, another: supplierSide },
    lpa: { own: every(404), another: every(404) },
    participant: { own: supplierSide, another: every(404) },
    agent: {
      own: supplierSide,
      another: every(404),
      offersOnly: { read: 'ok', others: 403, actions: { Comment: 'ok' } },
      unauthorised: every(404),
    },
  },
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
});
