import type { FastifyInstance } from 'fastify';
import { buildProject, buildProjectGroup } from '../../../test/factories.records.ts';
import { buildParticipation, buildRound } from '../../../test/factories.rounds.ts';
import {
  asRole,
  buildAgentAuthority,
  buildMember,
  buildWorld,
  linkClient,
  type Role,
} from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { buildProjectReferences, linkLpa } from './projects.testing.ts';

/** The sealed offer of every project of the authorisation fixture. */
export const OFFER = 987654;
const COSTS = {
  maintenance: 11111,
  marketOperatorFee: 2222,
  complianceMonitoring: 3333,
  performanceMonitoring: 4444,
};

/**
 * The authorisation tests' world in a round open for offers: the participant's offered project in the LPA's area,
 * the agent's client's and another participant's elsewhere, each in a group of its supplier; an agent with
 * MakeOffersOrBids and one without; a buyer and an investor of the round; the participant's offer set.
 */
export async function buildAuthorisationFixture(app: FastifyInstance, db: Database) {
  const world = await buildWorld(app, db);
  const refs = await buildProjectReferences(db);
  await linkLpa(db, world, refs.lpaId);
  const roundId = (await buildRound(db, 'OpenForBidsAndOffers', 'Offers round')).id;
  const participant = world.members.participant.organisation.id;
  const common = { roundId, status: 'Offered' as const, offer: OFFER, ...COSTS, typeId: refs.typeId };
  const ownProject = await buildProject(db, {
    ...common,
    name: 'Own project',
    supplierId: participant,
    lpaId: refs.lpaId,
    services: [{ type: 'Biodiversity', size: 3 }],
  });
  const clientProject = await buildProject(db, {
    ...common,
    name: 'Client project',
    supplierId: world.client.id,
    lpaId: refs.otherLpaId,
  });
  const otherProject = await buildProject(db, {
    ...common,
    name: 'Other project',
    supplierId: world.otherParticipant.organisation.id,
    lpaId: refs.otherLpaId,
  });
  const own: Partial<Record<Role, string>> = {};
  own.admin = ownProject.id;
  own.sysadmin = otherProject.id;
  own.participant = ownProject.id;
  own.lpa = ownProject.id;
  own.agent = clientProject.id;
  own.anonymous = ownProject.id;
  await buildAgentAuthority(db, {
    roundId,
    clientId: world.client.id,
    agentId: world.members.agent.organisation.id,
    status: 'Approved',
    permissions: ['RegisterForRound', 'MakeOffersOrBids'],
  });
  const limitedAgent = await buildMember(app, db, 'AGENT', ['agent']);
  await linkClient(db, limitedAgent.organisation.id, world.client.id);
  await buildAgentAuthority(db, {
    roundId,
    clientId: world.client.id,
    agentId: limitedAgent.organisation.id,
    status: 'Approved',
    permissions: ['RegisterForRound'],
  });
  const buyer = await buildMember(app, db, 'PARTICIPANT', ['participant']);
  const investor = await buildMember(app, db, 'PARTICIPANT', ['participant']);
  await buildParticipation(db, {
    roundId,
    organisationId: buyer.organisation.id,
    capacity: 'Buyer',
    status: 'Registered',
  });
  await buildParticipation(db, {
    roundId,
    organisationId: investor.organisation.id,
    capacity: 'Investor',
    status: 'Registered',
  });
  const groupId = (
    await buildProjectGroup(db, { supplierId: world.client.id, roundId, projectIds: [clientProject.id] })
  ).id;
  const otherGroupId = (
    await buildProjectGroup(db, {
      supplierId: world.otherParticipant.organisation.id,
      roundId,
      projectIds: [otherProject.id],
    })
  ).id;
  // An activity entry of the offer's own action: its details must not carry the price.
  const offered = await asRole(
    app,
    world,
    'participant',
    'POST',
    `/api/project/${ownProject.id}/action/SetOffer`,
    {
      offer: OFFER,
    },
  );
  if (offered.statusCode !== 200) throw new Error(`SetOffer: ${offered.statusCode} ${offered.body}`);
  return {
    world,
    refs,
    roundId,
    own,
    otherProjectId: otherProject.id,
    clientProjectId: clientProject.id,
    groupId,
    otherGroupId,
    limitedAgent,
    buyer,
    investor,
  };
}

/** The authorisation fixture's parts. */
export type AuthorisationFixture = Awaited<ReturnType<typeof buildAuthorisationFixture>>;
