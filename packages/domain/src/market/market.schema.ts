import type { ChecklistItem } from '../forms/checklist.ts';
import type { EntityAction } from '../forms/wire.ts';
import type { CreditType } from '../vocab/credits.ts';
import type {
  BidderType,
  DeclarationCategory,
  RegistrationPeriod,
  ReserveAppliesTo,
} from '../vocab/market.ts';
import type { MarketRoundStatus, ParticipationCapacity, RegistrationStatus } from '../vocab/statuses.ts';
import type { RoundHistoryEntry } from './round.readiness.ts';
import type { RoundSolverTask } from './solver-task.ts';

/** A record named by another: its id and display name. */
export interface NamedReference {
  id: string;
  name: string;
}

/** A market as the API answers it; `actions` are those of the signed-in user. */
export interface Market {
  id: string;
  self: string;
  name: string;
  description: string | null;
  region: string | null;
  /** k: the share of the surplus that goes to buyers, 0 to 1. */
  buyerShareOfSurplus: number;
  /** The reserve proposed for new rounds, percent. */
  defaultReservePercentage: number | null;
  /** The most recently created round the reader may see, if any. */
  latestRound: { id: string; self: string; name: string; status: MarketRoundStatus } | null;
  createdAt: string;
  updatedAt: string;
  actions: EntityAction[];
}

/** Sort keys of the markets list. */
export const MARKET_SORT_KEYS = ['name', 'region', 'createdAt'] as const;

/** One registration window: ISO dates, the end after the start. */
export interface RegistrationWindow {
  start: string;
  end: string;
}

/** The credit reserve of a round. */
export interface RoundReserve {
  percentage: number;
  appliesTo: ReserveAppliesTo;
  agreedWithEMB: boolean;
}

/** A declaration linked to a round (`round-declaration/{id}`). */
export interface RoundDeclaration {
  id: string;
  self: string;
  declarationId: string;
  name: string;
  text: string;
  category: DeclarationCategory;
  isForAgents: boolean;
  isForParticipants: boolean;
}

/** How many participations a round has, by capacity and status. */
export type ParticipationCounts = Record<ParticipationCapacity, Record<RegistrationStatus, number>>;

/** The counts of a round's page (SPEC 7 `round/{roundId}` "with summary"). */
export interface RoundSummary {
  participations: ParticipationCounts;
  projects: number;
  requirements: number;
  /** Projects in status Offered and requirements in status Bid (only counts: offers and bids are sealed). */
  offers: number;
  bids: number;
}

/** A market round as the API answers it; `actions` are those of the signed-in user. */
export interface MarketRound {
  id: string;
  self: string;
  market: NamedReference & { self: string };
  name: string;
  status: MarketRoundStatus;
  services: CreditType[];
  standards: NamedReference[];
  projectTypes: NamedReference[];
  ncas: NamedReference[];
  lpas: NamedReference[];
  subcatchments: NamedReference[];
  bidderType: BidderType;
  /** End of the asset management period, ISO date; null for a round without nutrient services. */
  ampEnd: string | null;
  registrationDates: Record<RegistrationPeriod, RegistrationWindow | null>;
  reserve: RoundReserve | null;
  declarations: RoundDeclaration[];
  summary: RoundSummary;
  /** The round's latest solver task (operator only, on `GET /api/round/{id}`); null when it was never matched. */
  latestTask?: RoundSolverTask | null;
  /**
   * What the round still needs before it opens for registration, as Open's guard checks it (operator only, on
   * `GET /api/round/{id}`, while the round is a Draft); absent otherwise.
   */
  checklist?: ChecklistItem[];
  /** Every move of the round's status with its date, who made it and any reason (operator only, on `GET /api/round/{id}`). */
  history?: RoundHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  actions: EntityAction[];
}

/** Sort keys of the rounds list. */
export const ROUND_SORT_KEYS = ['name', 'status', 'createdAt'] as const;

/** One participation as the API answers it. */
export interface Participation {
  id: string;
  self: string;
  round: NamedReference & { self: string; status: MarketRoundStatus; marketId: string };
  organisation: NamedReference & { self: string };
  capacity: ParticipationCapacity;
  status: RegistrationStatus;
  /** The status before withdrawal, what Reinstate returns to; null unless Withdrawn. */
  previousStatus: RegistrationStatus | null;
  agent: NamedReference | null;
  registeredAt: string | null;
  createdAt: string;
  actions: EntityAction[];
}

/** Sort keys of the participations list. */
export const PARTICIPATION_SORT_KEYS = ['organisation', 'capacity', 'status', 'createdAt'] as const;
