import { defineLifecycle } from '../forms/lifecycle.ts';
import { MARKET_ROUND_STATUSES, type MarketRoundStatus } from '../vocab/statuses.ts';

/**
 * How a market round moves (MARKET.md section 1): set up in Draft, registration Open and Closed (and reopened),
 * bids and offers open and closed, then cleared by Match (Matching, then Pending or Failed) or ImportMatch (Pending),
 * reviewed (Matched or Rejected) and finally Settled.
 */
export const roundLifecycle = defineLifecycle({
  statuses: MARKET_ROUND_STATUSES,
  transitions: {
    Draft: ['Open'],
    Open: ['Closed'],
    Closed: ['Open', 'OpenForBidsAndOffers'],
    OpenForBidsAndOffers: ['ClosedForBidsAndOffers'],
    ClosedForBidsAndOffers: ['Matching', 'Pending'],
    Rejected: ['Matching', 'Pending'],
    Failed: ['Matching', 'Pending'],
    Matching: ['Pending', 'Failed'],
    Pending: ['Matched', 'Rejected'],
    Matched: ['Settled'],
  },
});

/** Round statuses in which its setup (details, dates, declarations, imports) may change. */
export const ROUND_SETUP_STATUSES = [
  'Draft',
  'Open',
  'Closed',
] as const satisfies readonly MarketRoundStatus[];
/** Round statuses in which the reserve may change (until bids and offers close). */
export const ROUND_RESERVE_STATUSES = [
  'Draft',
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];
/**
 * Round statuses in which ImportData may set offers and bids from data sets: from setup until the round is cleared
 * (the projects and requirements it names must already be in the round).
 */
export const ROUND_IMPORT_DATA_STATUSES = [
  'Draft',
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
  'ClosedForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];
/** Round statuses from which the round may be cleared (Match or ImportMatch). */
export const ROUND_CLEARABLE_STATUSES = [
  'ClosedForBidsAndOffers',
  'Rejected',
  'Failed',
] as const satisfies readonly MarketRoundStatus[];
/** Round statuses in which the operator may record a participant directly. */
export const ROUND_RECORD_PARTICIPANT_STATUSES = [
  'Open',
  'Closed',
] as const satisfies readonly MarketRoundStatus[];
/** Round statuses in which suppliers set offers and buyers and investors set bids. */
export const ROUND_BIDDING_STATUSES = [
  'OpenForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];

/** Whether suppliers may set offers and buyers and investors bids in the round now. */
export const isRoundOpenForBidsAndOffers = (round: { status: MarketRoundStatus }): boolean =>
  (ROUND_BIDDING_STATUSES as readonly MarketRoundStatus[]).includes(round.status);
