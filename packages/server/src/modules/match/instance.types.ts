import type {
  BiodiversitySupply,
  BuyerCredits,
  ClearingExclusion,
  CreditDuration,
  CreditRequirementStatus,
  CreditRequirementType,
  CreditType,
  Distinctiveness,
  InvestorCredits,
  Module,
  ProjectCosts,
  ProjectGroupType,
  ProjectStatus,
  RequirementBid,
  ReserveAppliesTo,
  roundYearlyPeriods,
  ServiceCertificationStatus,
} from '@curlew/domain';
import type { Instance } from '@curlew/matching';

/** A reference by id, with the name where the clearing shows it. */
interface Ref {
  id: string;
}
interface NamedRef extends Ref {
  name: string;
}

/** A project service as the clearing reads it. */
export interface ClearingService {
  id: string;
  type: CreditType;
  status: ServiceCertificationStatus;
  module: Module | null;
  broadHabitat: string | null;
  habitatType: string | null;
  distinctiveness: Distinctiveness | null;
  mitigationDuration: CreditDuration | null;
  /** Years the credit runs (null: permanent). */
  years: number | null;
  /** Units per yearly period, by ISO start date. */
  unitsPerPeriod: readonly { start: string; units: number }[];
}

/**
 * A project as the clearing reads it (`loadRoundRecords`): what the instance builder, the review and the data sets
 * need, and nothing a page shows. A part is null until all its fields are set.
 */
export interface ClearingProject {
  id: string;
  name: string;
  status: ProjectStatus;
  round: Ref | null;
  supplier: NamedRef;
  type: NamedRef | null;
  /** The sealed offer, GBP; unset or null when none. */
  offer?: number | null;
  /** Set while the operator keeps the offer out of the clearing. */
  clearingExclusion?: ClearingExclusion | null;
  costs: ProjectCosts | null;
  group: (NamedRef & { type: ProjectGroupType }) | null;
  location: { lpa: Ref | null; nca: Ref | null; subcatchment: Ref | null } | null;
  supply: BiodiversitySupply | null;
  services: readonly ClearingService[];
}

/**
 * A credit requirement as the clearing reads it (`loadRoundRecords`). A buyer has `buyerCredits` and `development`,
 * an investor `investorCredits` and `location`; each is null until complete.
 */
export interface ClearingRequirement {
  id: string;
  name: string;
  type: CreditRequirementType;
  status: CreditRequirementStatus;
  round: Ref | null;
  buyer: NamedRef;
  /** The sealed bid; unset or null when none. */
  bid?: RequirementBid | null;
  /** Set while the operator keeps the bid out of the clearing. */
  clearingExclusion?: ClearingExclusion | null;
  group: NamedRef | null;
  buyerCredits: BuyerCredits | null;
  development: { lpa: Ref; nca: Ref | null; subcatchment: Ref | null; localOnly: boolean } | null;
  investorCredits: InvestorCredits | null;
  location: { lpa: Ref; nca: Ref } | null;
}

/** What the instance builder needs of a round (its record plus the market's buyer share). */
export interface MatchRound {
  id: string;
  /** The credit types the round trades. */
  services: readonly CreditType[];
  /** The first delivery year (the year after bids and offers close). */
  firstDeliveryYear: number;
  /** End of the asset management period, ISO date; null for a biodiversity-only round. */
  ampEnd: string | null;
  reserve: { percentage: number; appliesTo: ReserveAppliesTo } | null;
  /** k, the market's buyer share of the surplus (0..1). */
  buyerShareOfSurplus: number;
  /** The solver's wall-clock limit in seconds (market_rounds.solver_time_limit_seconds). */
  timeLimitSeconds: number;
}

/** One LPA of the reference data: its code and the codes of the LPAs sharing a boundary with it. */
export interface LpaAdjacency {
  id: string;
  code: string;
  neighbourCodes: readonly string[];
}

/** A record, service or alternative kept out of the clearing, with why in words. */
export interface LeftOut {
  kind: 'project' | 'service' | 'requirement';
  /** The project or requirement id. */
  id: string;
  /** The service id, for a service. */
  serviceId: string | null;
  name: string;
  reason: string;
}

/** The INSTANCE of a round and how its entries map back to the round's records. */
export interface BuiltInstance {
  instance: Instance;
  /** Records and services left out, sorted by kind, id and service id. */
  leftOut: LeftOut[];
  /** Per project id, the service id of each of its instance credits (credit index order). */
  credits: Record<string, string[]>;
  /** Per instance requirement id, the requirement it stands for and whether it is the ongoing-only alternative. */
  requirements: Record<string, { requirementId: string; ongoingOnly: boolean }>;
  /** The name of the record behind each instance project and requirement id (absent in tasks stored before it). */
  names?: Record<string, string>;
}

/** What the builder of each entry reads of the round. */
export interface InstanceContext {
  round: MatchRound;
  periods: ReturnType<typeof roundYearlyPeriods>;
  years: number;
  reserve: MatchRound['reserve'];
  placeOf: (reference: { id: string } | null | undefined) => string | null;
}
