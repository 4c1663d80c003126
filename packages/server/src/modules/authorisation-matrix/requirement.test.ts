import { eq } from 'drizzle-orm';
import { buildAgentAuthority, buildPlaces, buildRequirement } from '../../../test/factories.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { describeMatrix, type Expectation, every, forEveryRole } from './matrix.testing.ts';

/** Investor dialogs do not apply to a buyer's requirement; after-the-round actions wait for their statuses. */
const ON_A_BUYERS_DRAFT = {
  SetInvestorCredits: 'n/a',
  SetInvestorLocation: 'n/a',
  WizardInvestorCredits: 'n/a',
  WizardInvestorLocation: 'n/a',
  CompleteRegistration: 409,
  SetBid: 409,
  AllocateRights: 409,
  IssueCredits: 409,
  RedeemCredits: 409,
  Retire: 409,
  UploadCreditSupplyAgreement: 409,
} as const;

const operatorOnDraft: Expectation = { read: 'ok', others: 'ok', actions: ON_A_BUYERS_DRAFT };
const ownerOnDraft: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: {
    ...ON_A_BUYERS_DRAFT,
    CompleteRegistration: 403,
    AllocateRights: 403,
    IssueCredits: 403,
    Retire: 403,
  },
};
const lpaInArea: Expectation = {
  read: 'ok',
  others: 403,
  actions: {
    SetInvestorCredits: 'n/a',
    SetInvestorLocation: 'n/a',
    WizardInvestorCredits: 'n/a',
    WizardInvestorLocation: 'n/a',
  },
};

describeMatrix({
  entity: 'requirement',
  async setup({ db, world }) {
    const round = world.openRound.id;
    const area = await buildPlaces(db);
    await db
      .update(organisations)
      .set({ lpaId: area.lpaId })
      .where(eq(organisations.id, world.members.lpa.organisation.id));
    await buildAgentAuthority(db, {
      roundId: round,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const own = await buildRequirement(db, {
      buyerId: world.members.participant.organisation.id,
      roundId: round,
    });
    const client = await buildRequirement(db, { buyerId: world.client.id, roundId: round });
    const inArea = await buildRequirement(db, {
      buyerId: world.members.participant.organisation.id,
      roundId: round,
      status: 'Provisional',
      lpaId: area.lpaId,
    });
    const other = await buildRequirement(db, {
      buyerId: world.otherParticipant.organisation.id,
      roundId: round,
    });
    return {
      ownDraft: { ...forEveryRole(own), agent: client, lpa: inArea },
      otherDraft: forEveryRole(other),
    };
  },
  creators: ['admin', 'sysadmin', 'participant', 'agent'],
  table: {
    admin: { ownDraft: operatorOnDraft, otherDraft: operatorOnDraft },
    sysadmin: { ownDraft: operatorOnDraft, otherDraft: operatorOnDraft },
    lpa: { ownDraft: lpaInArea, otherDraft: every(404) },
    participant: { ownDraft: ownerOnDraft, otherDraft: every(404) },
    agent: {
      ownDraft: { ...ownerOnDraft, actions: { ...ownerOnDraft.actions, SetBid: 403 } },
      otherDraft: every(404),
    },
  },
});
