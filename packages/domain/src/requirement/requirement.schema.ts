import type { ChecklistItem } from '../forms/checklist.ts';
import type { EntityAction } from '../forms/wire.ts';
import type { ClearingExclusion } from '../market/clearing-exclusion.ts';
import type { NamedReference } from '../market/market.schema.ts';
import type { ParticipantOutcome } from '../market/match-review.ts';
import type { RecordDocument } from '../project/project.schema.ts';
import type { CreditRequirementType, CreditType, NutrientRequirementType } from '../vocab/credits.ts';
import type { RequirementDocumentKind } from '../vocab/files.ts';
import type { Distinctiveness, Module } from '../vocab/habitats.ts';
import type { CreditRequirementStatus, CreditStatus, MarketRoundStatus } from '../vocab/statuses.ts';

/** One line of a requirement: a credit it needs (SPEC 3 "credits"). */
export interface RequirementCredit {
  id: string;
  type: CreditType;
  status: CreditStatus;
  requiredUnits: number;
  /** Units allocated at AcceptMatch; null before. */
  actualUnits: number | null;
  isPermanent: boolean;
  /** Years the credit runs (null: permanent). */
  years: number | null;
}

/** What a buyer needs (SPEC 3 "Buyer credits"); files are listed in `documents`. */
export interface BuyerCredits {
  type: CreditType;
  nutrientType: NutrientRequirementType | null;
  nutrientOngoingUnits: number | null;
  nutrientAdditionalUnits: number | null;
  nutrientAcceptOngoingOnly: boolean | null;
  bioBroadHabitat: string | null;
  bioHabitatType: string | null;
  bioDistinctiveness: Distinctiveness | null;
  bioUnits: number | null;
  bioIsDivisible: boolean | null;
}

/** Where and when a buyer's development needs the credits (the LPA sees it). */
export interface BuyerDevelopment {
  creditType: CreditType;
  planningRef: string;
  redemptionDate: string;
  lpa: NamedReference;
  nca: NamedReference | null;
  subcatchment: NamedReference | null;
  nearAddress: string;
  gridReference: string | null;
  threeWords: string | null;
  /** Only supply from the buyer's own LPA or NCA. */
  localOnly: boolean;
}

/** What an investor wants (SPEC 3 "Investor credits"). */
export interface InvestorCredits {
  units: number;
  redemptionDate: string;
  isDivisible: boolean;
  module: Module;
  distinctiveness: Distinctiveness;
  broadHabitat: string | null;
  /** Asked for high and very high distinctiveness (SPEC 5's rule for buyer credits); null otherwise. */
  habitatType: string | null;
}

/** The sealed bid: only the operator and the owner (and its agent with MakeOffersOrBids) ever see it. */
export interface RequirementBid {
  bid: number;
  acceptOngoingOnly: boolean;
  bidOngoingOnly: number | null;
}

/**
 * A credit requirement as the API answers it. `bid` is absent for anyone who may not see it (sealed); buyers have
 * `credits`/`development`, investors `investorCredits`/`location`.
 */
export interface CreditRequirement {
  id: string;
  self: string;
  name: string;
  type: CreditRequirementType;
  status: CreditRequirementStatus;
  buyer: NamedReference;
  agent: NamedReference | null;
  market: NamedReference | null;
  round: (NamedReference & { status: MarketRoundStatus; ampEnd: string | null }) | null;
  credits: RequirementCredit[];
  buyerCredits: BuyerCredits | null;
  development: BuyerDevelopment | null;
  investorCredits: InvestorCredits | null;
  location: { lpa: NamedReference; nca: NamedReference } | null;
  bid?: RequirementBid | null;
  /** Set while the operator keeps its bid out of the clearing (seen by those who see the bid). */
  clearingExclusion?: ClearingExclusion | null;
  group: NamedReference | null;
  documents: RecordDocument[];
  /** Whether the redemption date has passed while the credits are not redeemed (registry filter). */
  lateRedemption: boolean;
  createdAt: string;
  updatedAt: string;
  actions: EntityAction[];
  /** What is still needed (credits, development or location, documents, bid, registration); not for an LPA. */
  checklist: ChecklistItem[];
  /** Its outcome once its round's result is accepted (only for those who see its offer or bid). */
  outcome?: ParticipantOutcome | null;
}

/** Sort keys of the requirements list. */
export const REQUIREMENT_SORT_KEYS = ['name', 'status', 'type', 'buyer', 'round', 'createdAt'] as const;

/**
 * One row of the requirements list (`GET /api/requirements` answers `Page<RequirementListItem>` plus the
 * collection's create `actions`). Filters: `q` (name or planning reference), `roundId`, `status`, `type`,
 * `creditType`, `lpaId`; `format=csv` answers every matching row as CSV. Never carries the bid.
 */
export interface RequirementListItem {
  id: string;
  self: string;
  name: string;
  type: CreditRequirementType;
  status: CreditRequirementStatus;
  buyer: NamedReference;
  agent: NamedReference | null;
  market: NamedReference | null;
  round: (NamedReference & { status: MarketRoundStatus }) | null;
  /** The credit types it needs, in CREDIT_TYPES order. */
  creditTypes: CreditType[];
  /** Total units needed over all its credits. */
  units: number;
  lpa: NamedReference | null;
  planningRef: string | null;
  redemptionDate: string | null;
  group: NamedReference | null;
  createdAt: string;
}

/** A requirement group as the API answers it (AND: all win or none). */
export interface RequirementGroup {
  id: string;
  self: string;
  name: string;
  buyer: NamedReference;
  round: (NamedReference & { status: MarketRoundStatus }) | null;
  requirements: (NamedReference & { self: string; status: CreditRequirementStatus })[];
  createdAt: string;
  actions: EntityAction[];
}

/** The document kind each requirement file field stores (the server tags the stored file with it). */
export const REQUIREMENT_FILE_FIELD_KINDS = {
  biodiversityMetric: 'BiodiversityMetric',
  budgetCalculator: 'BudgetCalculator',
  supportingDocument: 'SupportingDocument',
  certificate: 'CreditAllocationCertificate',
  creditSupplyAgreement: 'CreditSupplyAgreement',
  redeemNotice: 'RedeemNotice',
} as const satisfies Record<string, RequirementDocumentKind>;
