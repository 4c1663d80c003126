import { buildProject } from '../../../test/factories.records.ts';
import { buildAgentAuthority, buildRound } from '../../../test/factories.rounds.ts';
import { buildProjectReferences, linkLpa } from '../projects/projects.testing.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** What waits for a later status on a Draft project, whoever may run it. */
const laterOnDraft = {
  EditBiodiversityService: 409,
  EditNutrientService: 409,
  SetBiodiversitySupply: 409,
  CompleteRegistration: 409,
  Reregister: 409,
  UploadNatureBasedAgreement: 409,
  UploadSection106Agreement: 409,
  RemoveFromGroup: 409,
} as const;

/** The operator's decisions, refused to anyone else. */
const operatorDecisions = {
  AddScreeningOutcome: 403,
  SetPreMarketReviewOutcome: 403,
  SetCertificationDecision: 403,
  Contract: 403,
  Verify: 403,
  RecordComplianceCheck: 403,
  RecordPerformanceCheck: 403,
  ExcludeFromClearing: 403,
  ReinstateInClearing: 403,
} as const;

/** The supplier's member on its Draft project: it builds it, registers it and groups it; no offer yet (409). */
const memberOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: { ...laterOnDraft, ...operatorDecisions, SetOffer: 409 },
};

/** The agent with RegisterForRound on its client's Draft project: as the member, but no offer without authority. */
const registeringAgentOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: { ...laterOnDraft, ...operatorDecisions, SetOffer: 403 },
};

/** The operator on a Draft project: the supplier's side, its own decisions waiting their status, never the offer. */
const operatorOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: {
    ...laterOnDraft,
    AddScreeningOutcome: 409,
    SetPreMarketReviewOutcome: 409,
    SetCertificationDecision: 409,
    Contract: 409,
    Verify: 409,
    RecordComplianceCheck: 409,
    RecordPerformanceCheck: 409,
    ExcludeFromClearing: 409,
    ReinstateInClearing: 409,
    SetOffer: 403,
  },
};

/** The member on its Certified project while the round takes offers: the offer, comments and its documents only. */
const memberOnCertified: Expectation = {
  read: 'ok',
  others: 409,
  actions: { ...operatorDecisions, SetOffer: 'ok', Comment: 'ok', ReplaceDocument: 'ok' },
};

/** The agent with MakeOffersOrBids only: it offers and comments; the supplier's building needs RegisterForRound. */
const offeringAgentOnCertified: Expectation = {
  read: 'ok',
  others: 403,
  actions: {
    SetOffer: 'ok',
    Comment: 'ok',
    UploadNatureBasedAgreement: 409,
    UploadSection106Agreement: 409,
  },
};

/**
 * The operator on a Certified project: everything waits its status (409) but comments and documents, the offer is
 * the supplier's (403).
 */
const operatorOnCertified: Expectation = {
  read: 'ok',
  others: 409,
  actions: { SetOffer: 403, Comment: 'ok', ReplaceDocument: 'ok' },
};

/**
 * A local planning authority reads the projects in its area and is offered no action (ARCHITECTURE.md: read only,
 * no actions): none is listed, and each form and submission is refused 403.
 */
const lpaInArea: Expectation = every('n/a');

describeMatrix({
  entity: 'project',
  async setup({ db, world }) {
    const refs = await buildProjectReferences(db);
    await linkLpa(db, world, refs.lpaId);
    const roundId = world.openRound.id;
    await buildAgentAuthority(db, {
      roundId,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const own = await buildProject(db, {
      roundId,
      supplierId: world.members.participant.organisation.id,
      lpaId: refs.lpaId,
    });
    const client = await buildProject(db, {
      roundId,
      supplierId: world.client.id,
      agentId: world.members.agent.organisation.id,
    });
    const another = await buildProject(db, {
      roundId,
      supplierId: world.otherParticipant.organisation.id,
      lpaId: refs.otherLpaId,
    });
    // A round taking offers: Certified projects of the participant (in the LPA's area) and of the client, whose
    // agent holds MakeOffersOrBids only there.
    const offers = await buildRound(db, 'OpenForBidsAndOffers', 'Offers round');
    await buildAgentAuthority(db, {
      roundId: offers.id,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    const certified = await buildProject(db, {
      roundId: offers.id,
      status: 'Certified',
      supplierId: world.members.participant.organisation.id,
      lpaId: refs.lpaId,
    });
    const clientCertified = await buildProject(db, {
      roundId: offers.id,
      status: 'Certified',
      supplierId: world.client.id,
    });
    return {
      draft: { ...forEveryRole(own.id), agent: client.id },
      another: forEveryRole(another.id),
      certified: { ...forEveryRole(certified.id), agent: clientCertified.id },
    };
  },
  table: {
    admin: { draft: operatorOnDraft, another: operatorOnDraft, certified: operatorOnCertified },
    sysadmin: { draft: operatorOnDraft, another: operatorOnDraft, certified: operatorOnCertified },
    lpa: { draft: lpaInArea, another: every(404), certified: lpaInArea },
    participant: { draft: memberOnDraft, another: every(404), certified: memberOnCertified },
    agent: { draft: registeringAgentOnDraft, another: every(404), certified: offeringAgentOnCertified },
  },
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
});
