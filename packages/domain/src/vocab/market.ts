import { labelsOf } from './labels.ts';

/** Who may bid in a market round (SPEC 3). */
export const BIDDER_TYPES = ['Buyers', 'Investors', 'BuyersAndInvestors'] as const;
/** One bidder type. */
export type BidderType = (typeof BIDDER_TYPES)[number];
/** Labels of the bidder types. */
export const BIDDER_TYPE_LABELS = labelsOf(BIDDER_TYPES, { BuyersAndInvestors: 'Buyers and investors' });

/** What the credit reserve is taken from (SPEC 3 "Reserve"). */
export const RESERVE_APPLIES_TO = ['allDemand', 'ongoingDemand', 'supply'] as const;
/** One reserve base. */
export type ReserveAppliesTo = (typeof RESERVE_APPLIES_TO)[number];
/** Labels of the reserve bases. */
export const RESERVE_APPLIES_TO_LABELS = labelsOf(RESERVE_APPLIES_TO);

/** The registration windows of a market round, each with a start and an end (SPEC 3). */
export const REGISTRATION_PERIODS = ['suppliers', 'buyers', 'projects', 'requirements'] as const;
/** One registration window. */
export type RegistrationPeriod = (typeof REGISTRATION_PERIODS)[number];

/** Where a declaration is asked (SPEC 3 "Declaration"). */
export const DECLARATION_CATEGORIES = [
  'MarketRoundParticipant_Register',
  'MarketRoundProject_Register',
  'MarketRoundCreditRequirement_Register',
  'MarketRoundProject_Offer',
  'MarketRoundCreditRequirement_Bid',
] as const;
/** One declaration category. */
export type DeclarationCategory = (typeof DECLARATION_CATEGORIES)[number];
/** Labels of the declaration categories. */
export const DECLARATION_CATEGORY_LABELS = {
  MarketRoundParticipant_Register: 'Participant registration',
  MarketRoundProject_Register: 'Project registration',
  MarketRoundCreditRequirement_Register: 'Credit requirement registration',
  MarketRoundProject_Offer: 'Project offer',
  MarketRoundCreditRequirement_Bid: 'Credit requirement bid',
} as const satisfies Record<DeclarationCategory, string>;

/** Project group types: XOR means only one project may win, AND means all must win (SPEC 3). */
export const PROJECT_GROUP_TYPES = ['XOR', 'AND'] as const;
/** One project group type. */
export type ProjectGroupType = (typeof PROJECT_GROUP_TYPES)[number];
/** Labels of the project group types. */
export const PROJECT_GROUP_TYPE_LABELS = {
  XOR: 'Only one project may win',
  AND: 'All projects must win',
} as const satisfies Record<ProjectGroupType, string>;

/** What an agent may do for a client in a round (SPEC 3 "Agent authority"). */
export const AGENT_PERMISSIONS = ['MakeOffersOrBids', 'RegisterForRound'] as const;
/** One agent permission. */
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];
/** Labels of the agent permissions. */
export const AGENT_PERMISSION_LABELS = labelsOf(AGENT_PERMISSIONS);
