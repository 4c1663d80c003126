import {
  isRoundOpenForBidsAndOffers,
  type REQUIREMENT_ACTIONS,
  type REQUIREMENT_CREATE_ACTIONS,
} from '@curlew/domain';
import { allow, deny, denyRole, isOperator, operatorOnly } from '../../platform/actions/policy.ts';
import type {
  Actor,
  CreatePolicies,
  GuardAnswer,
  PolicyDecision,
  RecordGuards,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import { exclusionGuards } from '../match/exclusion.ts';
import { registrationRefusal } from '../rounds/rounds.registration.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import { requirementAfterRoundGuards } from './requirements.after-round.ts';
import { missingParts } from './requirements.checklist.ts';
import type { RequirementRecord, RequirementRelation } from './requirements.kind.ts';
import { seesBid } from './requirements.scope.ts';

type Subject = { actor: Actor; relation: RequirementRelation; permissions: readonly string[] };

/** Reason given to a local planning authority for every action. */
const LPA_READ_ONLY = 'Local planning authorities can only read credit requirements';

const notLpa = (relation: RequirementRelation): PolicyDecision | undefined =>
  relation === 'lpa' ? denyRole(LPA_READ_ONLY) : undefined;

/** The owner's members, the operator, and the owner's agent with RegisterForRound for the round. */
const editor = ({ relation, permissions }: Subject): PolicyDecision =>
  notLpa(relation) ??
  (relation === 'operator' || relation === 'member' || permissions.includes('RegisterForRound')
    ? allow
    : deny('You need approved authority with permission to register for this round'));

/** The owner's members, the operator, and the owner's agent with MakeOffersOrBids for the round. */
const bidder = (subject: Subject): PolicyDecision =>
  notLpa(subject.relation) ??
  (seesBid(subject)
    ? allow
    : deny('You need approved authority with permission to make offers or bids in this round'));

/** The operator, the owner's members and its agent. */
const party = ({ relation }: Subject): PolicyDecision => notLpa(relation) ?? allow;

const operator = ({ actor }: Subject): PolicyDecision => operatorOnly(actor);

/** Who runs each requirement action (MARKET.md section 2; LPAs only read). */
export const requirementPolicies = {
  Update: editor,
  SetBuyerCredits: editor,
  SetBuyerDevelopment: editor,
  SetInvestorCredits: editor,
  SetInvestorLocation: editor,
  Register: editor,
  CompleteRegistration: operator,
  SetBid: bidder,
  ExcludeFromClearing: operator,
  ReinstateInClearing: operator,
  AllocateRights: operator,
  IssueCredits: operator,
  RedeemCredits: party,
  Retire: operator,
  UploadCreditSupplyAgreement: party,
  Comment: party,
  ReplaceDocument: party,
  WizardBuyerCredits: editor,
  WizardInvestorCredits: editor,
  WizardBuyerDevelopment: editor,
  WizardInvestorLocation: editor,
  WizardDetails: editor,
  WizardFinish: editor,
} satisfies RecordPolicies<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

const ok: GuardAnswer = { ok: true };

/**
 * When each action may run: the round's requirements window for Register, bids open for SetBid; the wizard's end only
 * on the Draft it saved (its answer says so), never on a requirement already registered.
 */
export const requirementGuards = {
  Register: async ({ db, record, now }): Promise<GuardAnswer> => {
    const [missing] = missingParts(record);
    if (missing !== undefined) return { ok: false, reason: `${missing} before registering` };
    if (record.marketRoundId === null) return ok;
    const round = await findRoundRecord(db, record.marketRoundId);
    const refusal = round === undefined ? undefined : registrationRefusal(round, 'requirements', now);
    return refusal === undefined ? ok : { ok: false, reason: refusal };
  },
  ...requirementAfterRoundGuards,
  ...exclusionGuards<RequirementRecord>('bid'),
  SetBid: async ({ record }): Promise<GuardAnswer> => {
    if (record.roundStatus !== null && isRoundOpenForBidsAndOffers({ status: record.roundStatus })) return ok;
    return {
      ok: false,
      reason:
        record.roundName === null
          ? 'Register the credit requirement for a market round first'
          : `${record.roundName} is not open for bids and offers`,
    };
  },
} satisfies RecordGuards<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

/** Participants, agents and the operator may start a requirement; LPAs may not. */
export const requirementCreatePolicies = {
  CreateRequirement: (actor) =>
    isOperator(actor) || actor.organisation?.type === 'PARTICIPANT' || actor.organisation?.type === 'AGENT'
      ? allow
      : denyRole('Only buyers, investors, their agents and the market operator can add credit requirements'),
} satisfies CreatePolicies<typeof REQUIREMENT_CREATE_ACTIONS>;
