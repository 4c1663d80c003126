import { labelsOf } from './labels.ts';

/** Market round statuses (SPEC 4). */
export const MARKET_ROUND_STATUSES = [
  'Draft',
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
  'ClosedForBidsAndOffers',
  'Pending',
  'Matching',
  'Matched',
  'Failed',
  'Rejected',
  'Settled',
] as const;
/** One market round status. */
export type MarketRoundStatus = (typeof MARKET_ROUND_STATUSES)[number];
/** Labels of the market round statuses; 'Open' means registration is open. */
export const MARKET_ROUND_STATUS_LABELS = labelsOf(MARKET_ROUND_STATUSES, {
  Open: 'Open for registration',
  Closed: 'Registration closed',
  OpenForBidsAndOffers: 'Bids and offers open',
  ClosedForBidsAndOffers: 'Bids and offers closed',
});

/** Project statuses (SPEC 4). */
export const PROJECT_STATUSES = [
  'Draft',
  'Provisional',
  'Registered',
  'Screened',
  'FailedScreening',
  'PendingScreening',
  'Certified',
  'NotCertified',
  'ApprovedRound',
  'FailedRound',
  'PendingRound',
  'Offered',
  'Matched',
  'Unmatched',
  'Contracted',
  'Verified',
  'FailedVerification',
  'Monitoring',
] as const;
/** One project status. */
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Labels of the project statuses. */
export const PROJECT_STATUS_LABELS = labelsOf(PROJECT_STATUSES);

/** Certification statuses of a project service (SPEC 4). */
export const SERVICE_CERTIFICATION_STATUSES = [
  'Draft',
  'PendingCertification',
  'Certified',
  'NotCertified',
] as const;
/** One project service certification status. */
export type ServiceCertificationStatus = (typeof SERVICE_CERTIFICATION_STATUSES)[number];
/** Labels of the project service certification statuses. */
export const SERVICE_CERTIFICATION_STATUS_LABELS = labelsOf(SERVICE_CERTIFICATION_STATUSES);

/** Credit requirement statuses (SPEC 4). */
export const CREDIT_REQUIREMENT_STATUSES = [
  'Draft',
  'Provisional',
  'Registered',
  'Bid',
  'RightsCreated',
  'RightsAllocated',
  'CreditsIssued',
  'CreditsRedeemed',
  'Retired',
  'Unmatched',
] as const;
/** One credit requirement status. */
export type CreditRequirementStatus = (typeof CREDIT_REQUIREMENT_STATUSES)[number];
/** Labels of the credit requirement statuses. */
export const CREDIT_REQUIREMENT_STATUS_LABELS = labelsOf(CREDIT_REQUIREMENT_STATUSES);

/** Credit statuses (SPEC 4). */
export const CREDIT_STATUSES = [
  'Draft',
  'None',
  'Bid',
  'Unused',
  'RightsCreated',
  'RightsAllocated',
  'Issued',
  'Redeemed',
  'Retired',
] as const;
/** One credit status. */
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
/** Labels of the credit statuses. */
export const CREDIT_STATUS_LABELS = labelsOf(CREDIT_STATUSES);

/** Registration statuses of a participation in a market round (SPEC 3). */
export const REGISTRATION_STATUSES = ['Interested', 'Provisional', 'Withdrawn', 'Registered'] as const;
/** One participation registration status. */
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** Labels of the participation registration statuses. */
export const REGISTRATION_STATUS_LABELS = labelsOf(REGISTRATION_STATUSES);

/** The capacity in which a participant takes part in a round (SPEC 3). */
export const PARTICIPATION_CAPACITIES = ['Supplier', 'Buyer', 'Investor'] as const;
/** One participation capacity. */
export type ParticipationCapacity = (typeof PARTICIPATION_CAPACITIES)[number];
