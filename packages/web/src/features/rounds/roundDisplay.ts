import {
  BIDDER_TYPE_LABELS,
  CREDIT_TYPE_LABELS,
  DISPLAY_TIME_ZONE,
  formatDate,
  MARKET_ROUND_STATUS_LABELS,
  type MarketRound,
  type MarketRoundStatus,
  type ParticipationCapacity,
  type RegistrationPeriod,
  type RegistrationStatus,
  type RegistrationWindow,
} from '@curlew/domain';
import type { ActionLayout } from '../../components/actions/MoreActionsMenu.tsx';

/** A round status as people read it ('Open for registration', 'Bids and offers open'). */
export const roundStatusLabel = (status: MarketRoundStatus): string => MARKET_ROUND_STATUS_LABELS[status];

/** The steps of a round's life in order (MARKET.md section 1); Failed and Rejected only appear when they happen. */
const ROUND_STEPS = [
  'Draft',
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
  'ClosedForBidsAndOffers',
  'Matching',
  'Pending',
  'Matched',
  'Settled',
] as const satisfies readonly MarketRoundStatus[];

/** Where a step stands for a round in a status. */
export type StepState = 'done' | 'current' | 'next' | 'later';

/** One step of the timeline. */
export interface TimelineStep {
  status: MarketRoundStatus;
  label: string;
  state: StepState;
}

// A failed match goes back to be matched again; a rejected one ends the round's matching.
const OFF_TRACK: Partial<Record<MarketRoundStatus, MarketRoundStatus>> = {
  Failed: 'Matching',
  Rejected: 'Pending',
};

/** The timeline of a round: the steps before its status done, its status current, the one after it next. */
export function roundTimeline(status: MarketRoundStatus): TimelineStep[] {
  const offTrackAfter = OFF_TRACK[status];
  const steps: MarketRoundStatus[] = [...ROUND_STEPS];
  if (offTrackAfter !== undefined) steps.splice(steps.indexOf(offTrackAfter) + 1, 0, status);
  const at = steps.indexOf(status);
  return steps.map((step, index) => ({
    status: step,
    label: roundStatusLabel(step),
    state: index < at ? 'done' : index === at ? 'current' : index === at + 1 ? 'next' : 'later',
  }));
}

/** The labels of the registration windows. */
export const PERIOD_LABELS = {
  suppliers: 'Supplier registration',
  buyers: 'Buyer registration',
  projects: 'Project registration',
  requirements: 'Credit requirement registration',
} as const satisfies Record<RegistrationPeriod, string>;

/** The colour of a registration status badge (dark shades: white text stays readable). */
export const REGISTRATION_STATUS_COLOURS = {
  Interested: 'gray.7',
  Provisional: 'blue.9',
  Withdrawn: 'red.9',
  Registered: 'teal.9',
} as const satisfies Record<RegistrationStatus, string>;

/** The colour of a round status badge. */
export const ROUND_STATUS_COLOUR = 'blue.9';

/** The labels of the participation capacities. */
export const CAPACITY_LABELS = {
  Supplier: 'Supplier',
  Buyer: 'Buyer',
  Investor: 'Investor',
} as const satisfies Record<ParticipationCapacity, string>;

/** A date for people, in the market's time zone. */
export const showDate = (iso: string): string => formatDate(iso, { timeZone: DISPLAY_TIME_ZONE });

/**
 * When a round's registration closes, for a list of open rounds: one date when suppliers and bidders share it, else
 * each ('suppliers register until 24 Dec 2026 · buyers and investors until 10 Jan 2027'); '' without windows.
 */
export const registrationCloses = (round: Pick<MarketRound, 'registrationDates' | 'bidderType'>): string => {
  const suppliers = round.registrationDates.suppliers?.end;
  const bidders = round.registrationDates.buyers?.end;
  if (suppliers !== undefined && suppliers === bidders) return `registration until ${showDate(suppliers)}`;
  return [
    suppliers === undefined ? null : `suppliers register until ${showDate(suppliers)}`,
    bidders === undefined
      ? null
      : `${BIDDER_TYPE_LABELS[round.bidderType].toLowerCase()} until ${showDate(bidders)}`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
};

/** Whether a window is open at `now`. */
export const isWindowOpen = (window: RegistrationWindow | null, now: Date): boolean =>
  window !== null && new Date(window.start) <= now && now <= new Date(window.end);

/** The services of a round as people read them. */
export const serviceLabels = (round: MarketRound): string[] =>
  round.services.map((service) => CREDIT_TYPE_LABELS[service]);

/**
 * The round page's actions beside its next steps (which the server marks): the settings and imports the reader may
 * use now as plain buttons, every other action (refused ones with the reason) in 'More actions' by stage.
 */
export const ROUND_ACTION_LAYOUT: ActionLayout = {
  secondary: [
    'Update',
    'SetRegistrationDates',
    'SetReserveInfo',
    'RecordParticipant',
    'ImportData',
    'ImportMatch',
    'Comment',
  ],
  stages: [
    { label: 'Set-up', actionIds: ['Update', 'SetRegistrationDates', 'SetReserveInfo'] },
    { label: 'Registration', actionIds: ['Open', 'RegisterAsParticipant', 'RecordParticipant', 'Close'] },
    { label: 'Bids and offers', actionIds: ['OpenBidsAndOffers', 'ImportData', 'CloseBidsAndOffers'] },
    { label: 'Matching', actionIds: ['Match', 'ImportMatch', 'Review', 'AcceptMatch', 'RejectMatch'] },
    { label: 'Settlement', actionIds: ['Settle'] },
  ],
};
