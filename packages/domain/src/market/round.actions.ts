import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { fileValue } from '../forms/rules.ts';
import { reservePercentage } from '../validation/reserve.ts';
import { requiredText } from '../validation/rules.ts';
import { CSV_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import { RESERVE_APPLIES_TO, RESERVE_APPLIES_TO_LABELS } from '../vocab/market.ts';
import type { MarketRoundStatus } from '../vocab/statuses.ts';
import { reserveAppliesToSchema } from '../vocab/vocab.schemas.ts';
import {
  newRoundInput,
  optionsOf,
  roundDetailFields,
  roundDetailsInput,
  roundMarketField,
} from './round.fields.ts';
import { ROUND_CLEARABLE_STATUSES, ROUND_SETUP_STATUSES } from './round.lifecycle.ts';

/** The entity kind of round actions (first segment of `/round/{id}`). */
export const ROUND_ENTITY = 'round';

const noValues = z.object({});

/** CreateRound: the operator sets up a round of a market in Draft (`POST /api/rounds`). */
export const createRound = defineAction({
  id: 'CreateRound',
  entity: ROUND_ENTITY,
  title: 'Add market round',
  actionLabel: 'Create',
  create: true,
  fields: [roundMarketField, ...roundDetailFields],
  input: newRoundInput,
});

/** Update: the operator changes a round's details while it is being set up or registering. */
export const updateRound = defineAction({
  id: 'Update',
  entity: ROUND_ENTITY,
  title: 'Update market round',
  actionLabel: 'Update',
  fields: roundDetailFields,
  input: roundDetailsInput,
  lifecycle: { from: ROUND_SETUP_STATUSES },
});

/**
 * Open: registration opens. The guard checks what the round needs first (`openChecklist`: registration dates, the
 * credit reserve, declarations of every category) and refuses with what is missing, so nothing is asked here.
 */
export const openRound = defineAction({
  id: 'Open',
  entity: ROUND_ENTITY,
  title: 'Open for registration',
  actionLabel: 'Open',
  text: 'Open this round for registration? Participants can then register and submit projects and credit requirements, each answering the declarations configured for the round.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['Draft', 'Closed'] satisfies MarketRoundStatus[], to: 'Open' },
});

/** Close: registration closes; the operator completes registrations, screens and certifies. */
export const closeRound = defineAction({
  id: 'Close',
  entity: ROUND_ENTITY,
  title: 'Close registration',
  actionLabel: 'Close registration',
  text: 'Close registration for this round? Participants can no longer register, or register projects and credit requirements.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['Open'] satisfies MarketRoundStatus[], to: 'Closed' },
});

/** OpenBidsAndOffers: suppliers may offer certified projects, buyers and investors bid for registered requirements. */
export const openBidsAndOffers = defineAction({
  id: 'OpenBidsAndOffers',
  entity: ROUND_ENTITY,
  title: 'Open for bids and offers',
  actionLabel: 'Open bids and offers',
  text: 'Open this round for bids and offers? Suppliers can then offer certified projects and buyers and investors bid for registered credit requirements.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['Closed'] satisfies MarketRoundStatus[], to: 'OpenForBidsAndOffers' },
});

/** CloseBidsAndOffers: bids and offers are frozen, ready for matching. */
export const closeBidsAndOffers = defineAction({
  id: 'CloseBidsAndOffers',
  entity: ROUND_ENTITY,
  title: 'Close bids and offers',
  actionLabel: 'Close bids and offers',
  text: 'Close bids and offers? They can no longer be changed, and the round can be matched.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['OpenForBidsAndOffers'] satisfies MarketRoundStatus[], to: 'ClosedForBidsAndOffers' },
});

/** Match: starts clearing the round in the background; the round shows progress and ends Pending or Failed. */
export const matchRound = defineAction({
  id: 'Match',
  entity: ROUND_ENTITY,
  title: 'Match bids and offers',
  actionLabel: 'Match',
  text: 'Match the bids and offers of this round? Matching runs in the background; the result waits for your review.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ROUND_CLEARABLE_STATUSES, to: 'Matching' },
});

/** ImportMatch: the operator imports a winners file instead of matching; the result waits for review. */
export const importMatch = defineAction({
  id: 'ImportMatch',
  entity: ROUND_ENTITY,
  title: 'Import match',
  actionLabel: 'Import',
  fields: [
    { id: 'reserve', type: 'Number', label: 'Credit reserve', suffix: '%' },
    {
      id: 'reserveAppliesTo',
      type: 'Select',
      label: 'Reserve applies to',
      options: optionsOf(RESERVE_APPLIES_TO, RESERVE_APPLIES_TO_LABELS),
    },
    { id: 'winnersCSV', type: 'File', label: 'Winners', accept: CSV_UPLOAD_EXTENSIONS },
  ],
  input: z.object({
    reserve: reservePercentage(),
    reserveAppliesTo: reserveAppliesToSchema,
    winnersCSV: fileValue(CSV_UPLOAD_EXTENSIONS),
  }),
  lifecycle: { from: ROUND_CLEARABLE_STATUSES, to: 'Pending' },
});

/** The app route of a round's review of matches (admin area). */
export const roundReviewRoute = (round: { id: string; marketId: string }): string =>
  `/markets/${round.marketId}/round/${round.id}/review`;

/** Review: goes to the review of the pending result (the server sends the route, see `roundReviewRoute`). */
export const reviewMatch = defineAction({
  id: 'Review',
  entity: ROUND_ENTITY,
  title: 'Review matches',
  navigate: 'review',
  fields: [],
  input: noValues,
  lifecycle: { from: ['Pending'] satisfies MarketRoundStatus[] },
});

/** AcceptMatch: applies the pending result in one transaction and publishes the round's statement. */
export const acceptMatch = defineAction({
  id: 'AcceptMatch',
  entity: ROUND_ENTITY,
  title: 'Accept match',
  actionLabel: 'Accept',
  confirm: 'check-answers',
  text: 'Accept this result? Winning projects and credit requirements are matched, allocations and payments are recorded and the statement is published to the participants.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['Pending'] satisfies MarketRoundStatus[], to: 'Matched' },
});

/** RejectMatch: discards the pending result, with the reason; the round may be matched again. */
export const rejectMatch = defineAction({
  id: 'RejectMatch',
  entity: ROUND_ENTITY,
  title: 'Reject match',
  actionLabel: 'Reject',
  fields: [{ id: 'reason', type: 'TextArea', label: 'Reason', rows: 3 }],
  input: z.object({ reason: requiredText() }),
  lifecycle: { from: ['Pending'] satisfies MarketRoundStatus[], to: 'Rejected' },
});

/** Settle: closes the round for good once every winner is contracted and every matched requirement allocated. */
export const settleRound = defineAction({
  id: 'Settle',
  entity: ROUND_ENTITY,
  title: 'Settle round',
  actionLabel: 'Settle',
  text: 'Settle this round? Every winning project is contracted and every matched credit requirement has its rights allocated; the round is then closed for good.',
  modal: true,
  fields: [],
  input: noValues,
  lifecycle: { from: ['Matched'] satisfies MarketRoundStatus[], to: 'Settled' },
});
