import { buildPlaces, buildRequirement } from '../../../test/factories.records.ts';
import { buildAgentAuthority, buildRound } from '../../../test/factories.rounds.ts';
import { linkLpa } from '../projects/projects.testing.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** The investor's actions, which a buyer's requirement does not offer. */
const investorOnly = {
  SetInvestorCredits: 'n/a',
  SetInvestorLocation: 'n/a',
  WizardInvestorCredits: 'n/a',
  WizardInvestorLocation: 'n/a',
} as const;

/** The operator's decisions, refused to anyone else. */
const operatorDecisions = {
  CompleteRegistration: 403,
  AllocateRights: 403,
  IssueCredits: 403,
  Retire: 403,
  ExcludeFromClearing: 403,
  ReinstateInClearing: 403,
} as const;

/** What waits for a later status on a Draft requirement. */
const laterOnDraft = {
  SetBid: 409,
  RedeemCredits: 409,
  UploadCreditSupplyAgreement: 409,
} as const;

/** The buyer's member on its Draft requirement: it edits and registers it; the bid waits (409). */
const memberOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: { ...investorOnly, ...operatorDecisions, ...laterOnDraft },
};

/** The agent with RegisterForRound on its client's Draft requirement: as the member, but no bid without authority. */
const registeringAgentOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: { ...investorOnly, ...operatorDecisions, ...laterOnDraft, SetBid: 403 },
};

/** The operator on a Draft requirement: the owner's side, its own decisions waiting their status. */
const operatorOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: {
    ...investorOnly,
    ...laterOnDraft,
    CompleteRegistration: 409,
    AllocateRights: 409,
    IssueCredits: 409,
    Retire: 409,
    ExcludeFromClearing: 409,
    ReinstateInClearing: 409,
  },
};

/** The operator on a Provisional requirement: it completes the registration; registering again waits (409). */
const operatorOnProvisional: Expectation = {
  ...operatorOnDraft,
  actions: { ...operatorOnDraft.actions, Register: 409, CompleteRegistration: 'ok', WizardFinish: 409 },
};

/** The member on its Registered requirement while the round takes bids: the bid, comments, documents. */
const memberOnRegistered: Expectation = {
  read: 'ok',
  others: 409,
  actions: { ...investorOnly, ...operatorDecisions, SetBid: 'ok', Comment: 'ok', ReplaceDocument: 'ok' },
};

/** The agent with MakeOffersOrBids only: it bids and comments; editing needs RegisterForRound (403). */
const biddingAgentOnRegistered: Expectation = {
  read: 'ok',
  others: 403,
  actions: {
    ...investorOnly,
    SetBid: 'ok',
    Comment: 'ok',
    ReplaceDocument: 'ok',
    RedeemCredits: 409,
    UploadCreditSupplyAgreement: 409,
  },
};

/** The operator on a Registered requirement: it bids for the owner while the round takes bids. */
const operatorOnRegistered: Expectation = {
  read: 'ok',
  others: 409,
  actions: { ...investorOnly, SetBid: 'ok', Comment: 'ok', ReplaceDocument: 'ok' },
};

/**
 * A local planning authority reads the developments in its area past Draft and is offered no action (read only, as on
 * projects): none is listed, and each form and submission is refused 403.
 */
const lpaInArea: Expectation = every('n/a');

/** The operator on a requirement whose rights are allocated: it issues the credits; uploads and comments go on. */
const operatorOnAllocated: Expectation = {
  read: 'ok',
  others: 409,
  actions: {
    ...investorOnly,
    IssueCredits: 'ok',
    UploadCreditSupplyAgreement: 'ok',
    Comment: 'ok',
    ReplaceDocument: 'ok',
  },
};

/** The owner's member on its allocated requirement: the credit supply agreement, comments and documents. */
const memberOnAllocated: Expectation = {
  read: 'ok',
  others: 409,
  actions: {
    ...investorOnly,
    ...operatorDecisions,
    UploadCreditSupplyAgreement: 'ok',
    Comment: 'ok',
    ReplaceDocument: 'ok',
  },
};

const TABLE = {
  admin: {
    draft: operatorOnDraft,
    another: operatorOnProvisional,
    registered: operatorOnRegistered,
    allocated: operatorOnAllocated,
  },
  sysadmin: {
    draft: operatorOnDraft,
    another: operatorOnProvisional,
    registered: operatorOnRegistered,
    allocated: operatorOnAllocated,
  },
  lpa: { draft: every(404), another: every(404), registered: lpaInArea, allocated: lpaInArea },
  participant: {
    draft: memberOnDraft,
    another: every(404),
    registered: memberOnRegistered,
    allocated: memberOnAllocated,
  },
  agent: {
    draft: registeringAgentOnDraft,
    another: every(404),
    registered: biddingAgentOnRegistered,
    allocated: every(404),
  },
} as const;

describeMatrix({
  entity: 'requirement',
  async setup({ db, world }) {
    const { lpaId } = await buildPlaces(db);
    const { lpaId: otherLpaId } = await buildPlaces(db);
    await linkLpa(db, world, lpaId);
    const roundId = world.openRound.id;
    await buildAgentAuthority(db, {
      roundId,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const own = await buildRequirement(db, {
      roundId,
      buyerId: world.members.participant.organisation.id,
      lpaId,
    });
    const client = await buildRequirement(db, { roundId, buyerId: world.client.id, lpaId });
    const another = await buildRequirement(db, {
      roundId,
      status: 'Provisional',
      buyerId: world.otherParticipant.organisation.id,
      lpaId: otherLpaId,
    });
    // A round taking bids: Registered requirements of the participant (in the LPA's area) and of the client, whose
    // agent holds MakeOffersOrBids only there.
    const bids = await buildRound(db, 'OpenForBidsAndOffers', 'Bids round');
    await buildAgentAuthority(db, {
      roundId: bids.id,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    const registered = await buildRequirement(db, {
      roundId: bids.id,
      status: 'Registered',
      buyerId: world.members.participant.organisation.id,
      lpaId,
    });
    const clientRegistered = await buildRequirement(db, {
      roundId: bids.id,
      status: 'Registered',
      buyerId: world.client.id,
    });
    const allocated = await buildRequirement(db, {
      roundId: bids.id,
      status: 'RightsAllocated',
      buyerId: world.members.participant.organisation.id,
      lpaId,
    });
    return {
      allocated: forEveryRole(allocated),
      draft: { ...forEveryRole(own), agent: client },
      another: forEveryRole(another),
      registered: { ...forEveryRole(registered), agent: clientRegistered },
    };
  },
  table: TABLE,
  reads: [
    {
      // The credit allocation certificate: for whoever reads the requirement, once its rights are allocated.
      name: 'certificate.pdf',
      path: (id) => `/api/requirement/${id}/certificate.pdf`,
      answer: (role, target) =>
        TABLE[role][target as keyof (typeof TABLE)[typeof role]].read === 404
          ? 404
          : target === 'allocated'
            ? 200
            : 409,
    },
  ],
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
});
