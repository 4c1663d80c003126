import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import type { CreditType } from '../vocab/credits.ts';
import type { MarketRoundStatus } from '../vocab/statuses.ts';

/** A record named in a review: id, name and its app route. */
export interface ReviewReference {
  id: string;
  name: string;
  self: string;
}

/** Units of one credit type (2 decimals). */
export interface CreditVolume {
  creditType: CreditType;
  units: number;
}

/**
 * The headline of a pending or accepted result: the surplus (pence) and its split between buyers and suppliers by
 * the market's k, the volume traded per credit type (units sold, and units delivered after the spatial multipliers)
 * and the reserve created, the gap and whether it is proven optimal, and the fees collected (pence).
 */
export interface MatchReviewHeadline {
  resultStatus: 'Optimal' | 'Feasible';
  optimal: boolean;
  /** Relative gap between the surplus found and its bound (0 when optimal). */
  gap: number;
  surplusPence: number;
  /** k, the buyers' share of the surplus (0..1). */
  buyerShareOfSurplus: number;
  buyersSurplusPence: number;
  suppliersSurplusPence: number;
  /** Supply units sold, before the spatial multipliers: the sum of the allocations' units. */
  volumes: CreditVolume[];
  /** Units the requirements receive: each allocation's units times its multiplier (rounded down), summed. */
  deliveredVolumes: CreditVolume[];
  feesPence: number;
  reserve: CreditVolume[];
}

/** What a project sells of one service (supply units before the multiplier, 2 decimals). */
export interface ReviewSale {
  serviceId: string;
  creditType: CreditType;
  units: number;
}

/**
 * A project of the clearing: won or lost, what it sells, what it receives (pence) split into its offer, its fees and
 * its share of the surplus, and the reason it won or lost.
 */
export interface MatchReviewProject {
  project: ReviewReference;
  supplier: { id: string; name: string };
  won: boolean;
  /** What it sells: the units its allocations carry, as AcceptMatch writes them. */
  sells: ReviewSale[];
  /** What the reserve holds back from it, per credit type (with `sells`, what the registry counts of its site). */
  reserve: CreditVolume[];
  /** The supplier's offer (pence), fees excluded. */
  offerPence: number;
  /** Market operator fee and monitoring costs inside what it receives (pence). */
  feesPence: number;
  /** Its share of the surplus: what it receives beyond its offer and fees (0 when it lost). */
  surplusSharePence: number;
  receivesPence: number;
  /** Why it won or lost. */
  reason: string | null;
}

/**
 * A requirement of the clearing: filled, part-filled or lost, what it buys, what it pays (pence): its bid for what it
 * receives less its share of the surplus, and the reason it was met, part-filled or lost.
 */
export interface MatchReviewRequirement {
  requirement: ReviewReference;
  buyer: { id: string; name: string };
  creditType: CreditType;
  won: boolean;
  /** 0..1. */
  fill: number;
  partFilled: boolean;
  /** Whether its ongoing-only alternative is the one that won. */
  ongoingOnly: boolean;
  /** Units it receives after the spatial multiplier, over every year (2 decimals, rounded down). */
  units: number;
  bidPence: number;
  /** Its share of the surplus: bid x fill less what it pays (0 when lost). */
  surplusSharePence: number;
  paysPence: number;
  /** Why it was met, part-filled or lost. */
  reason: string | null;
}

/**
 * Why a flow counts at its multiplier (the statutory spatial risk multiplier for biodiversity, 1 for nutrients):
 * supply in the requirement's LPA or NCA counts 1, in a neighbouring LPA or NCA 0.75, further away 0.5.
 */
export type MultiplierBasis =
  | 'sameLpa'
  | 'sameNca'
  | 'neighbouringLpa'
  | 'neighbouringNca'
  | 'further'
  | 'sameSubcatchment';

/** The words of each multiplier basis, as the review and its CSV show them. */
export const MULTIPLIER_BASIS_LABELS = {
  sameLpa: 'Same LPA',
  sameNca: 'Same NCA',
  neighbouringLpa: 'Neighbouring LPA',
  neighbouringNca: 'Neighbouring NCA',
  further: 'Outside its LPA, its NCA and their neighbours',
  sameSubcatchment: 'Same subcatchment',
} as const satisfies Record<MultiplierBasis, string>;

/** One flow: which project service serves which requirement, in which year, units before the multiplier. */
export interface MatchAllocationLine {
  project: ReviewReference;
  serviceId: string;
  creditType: CreditType;
  requirement: ReviewReference;
  /** Supply units sold (2 decimals). */
  units: number;
  multiplier: number;
  /** Why it counts at that multiplier. */
  multiplierBasis: MultiplierBasis;
  /** Units the requirement receives: units x multiplier (2 decimals, rounded down). */
  deliveredUnits: number;
  /** The delivery year (calendar year of the yearly period's start). */
  year: number;
}

/** A record or service kept out of the clearing, with why. */
export interface NotInClearing {
  kind: 'project' | 'service' | 'requirement';
  id: string;
  serviceId: string | null;
  name: string;
  reason: string;
}

/** One offer or bid on a supply and demand curve: its units of the credit type and its price per unit (pence). */
export interface CurveStep {
  /** The project or requirement name. */
  name: string;
  /** Units of the credit type over the round's years (2 decimals). */
  units: number;
  pricePerUnitPence: number;
  won: boolean;
}

/**
 * The supply and demand of one credit type (operator only): offers by rising price per unit, bids by falling price
 * per unit, and the units cleared. A project offering several credit types appears on each curve with the part of
 * its offer the round's bids value that type at.
 */
export interface SupplyDemandCurve {
  creditType: CreditType;
  offers: CurveStep[];
  bids: CurveStep[];
  /** Supply units sold of this credit type (2 decimals). */
  clearedUnits: number;
}

/** The operator's decision on a result: accepted or rejected, when (ISO date-time), by whom, and why it was rejected. */
export interface MatchDecision {
  outcome: 'Accepted' | 'Rejected';
  at: string;
  by: string;
  reason: string | null;
}

/** `GET /api/match-review?roundId=` (operator only): the round's result for review, with its decision once made. */
export interface MatchReview {
  round: { id: string; name: string; status: MarketRoundStatus };
  taskId: string;
  headline: MatchReviewHeadline;
  /** One per credit type of the clearing, sorted by credit type. */
  curves: SupplyDemandCurve[];
  projects: MatchReviewProject[];
  requirements: MatchReviewRequirement[];
  allocations: MatchAllocationLine[];
  notInClearing: NotInClearing[];
  decision: MatchDecision | null;
}

/**
 * The query of a round review's unmatched projects and requirements (`GET /api/unmatched-projects?roundId=`,
 * `GET /api/unmatched-requirements?roundId=`): the round (required), those that lost in the clearing or were kept
 * out (`inClearing`); by default in the review's order (lost in the clearing, then kept out), or by name or by the
 * supplier's or buyer's organisation.
 */
export const unmatchedListQuerySchema = listQuerySchema(['review', 'name', 'organisation'], 'review').extend({
  roundId: z.string().optional(),
  inClearing: z.enum(['true', 'false']).optional(),
});

/** The unmatched lists' query. */
export type UnmatchedListQuery = z.infer<typeof unmatchedListQuerySchema>;

/** A project that did not win or did not enter the clearing (`GET /api/unmatched-projects?roundId=`). */
export interface UnmatchedProject {
  project: ReviewReference;
  supplier: { id: string; name: string };
  /** Whether it entered the clearing (and lost) or was kept out. */
  inClearing: boolean;
  reason: string;
}

/** A requirement that got nothing or did not enter the clearing (`GET /api/unmatched-requirements?roundId=`). */
export interface UnmatchedRequirement {
  requirement: ReviewReference;
  buyer: { id: string; name: string };
  inClearing: boolean;
  reason: string;
}

/**
 * A participant's own outcome of an accepted round, on its project or requirement (`outcome`, sent only to those who
 * see its offer or bid): won or lost, the units it sells or receives per credit type (2 decimals), what it receives
 * or pays in pence (a project's fees inside), and why it lost or was only part-filled.
 */
export interface ParticipantOutcome {
  won: boolean;
  /** Sold by a project (before multipliers) or received by a requirement (after them), per credit type; none lost. */
  units: CreditVolume[];
  /** Received by a project, paid by a requirement. */
  amountPence: number;
  /** For a project: the market operator fee and monitoring costs inside what it receives. */
  feesPence: number;
  reason: string | null;
}

/** The volume and the range of prices paid per unit of one credit type in a round's statement. */
export interface StatementCreditType {
  creditType: CreditType;
  /** Supply units sold (2 decimals). */
  units: number;
  /** Units the requirements received: sold units times their spatial multipliers (2 decimals). */
  deliveredUnits: number;
  /** The lowest and highest price a winning buyer paid per unit it received (pence). */
  lowestPricePerUnitPence: number;
  highestPricePerUnitPence: number;
}

/**
 * `GET /api/round/{roundId}/statement`: the public statement of an accepted round, seen by the operator, its
 * participants and their agents: volumes and price ranges per credit type, how many won, the surplus and its
 * split. Nobody's own offer or bid is in it.
 */
export interface RoundStatement {
  round: { id: string; name: string; status: MarketRoundStatus };
  /** When the match was accepted (ISO). */
  acceptedAt: string | null;
  creditTypes: StatementCreditType[];
  winningProjects: number;
  winningRequirements: number;
  surplusPence: number;
  /** k, the buyers' share of the surplus (0..1). */
  buyerShareOfSurplus: number;
  buyersSurplusPence: number;
  suppliersSurplusPence: number;
}

/** One of the reader's own records in an accepted round with its outcome (`GET /api/round/{roundId}/outcomes`). */
export interface OwnRoundOutcome {
  kind: 'project' | 'requirement';
  record: ReviewReference;
  /** The project's supplier or the requirement's buyer or investor (the reader's own organisation or a client). */
  owner: { id: string; name: string };
  outcome: ParticipantOutcome;
}
