import { commentAction } from '../comment/comment.actions.ts';
import {
  publishOpportunityStatement,
  setOpportunityStatementVisibility,
  updateOpportunityStatement,
} from './opportunity.ts';
import {
  acceptMatch,
  closeBidsAndOffers,
  closeRound,
  createRound,
  importMatch,
  matchRound,
  openBidsAndOffers,
  openRound,
  rejectMatch,
  reviewMatch,
  settleRound,
  updateRound,
} from './round.actions.ts';
import {
  addDeclarations,
  importData,
  recordParticipant,
  registerInRound,
  removeDeclaration,
  setRegistrationDates,
  setReserveInfo,
} from './round.setup-actions.ts';

/** Every action on one market round, in the order the round page lists them. */
export const ROUND_ACTIONS = [
  updateRound,
  setRegistrationDates,
  setReserveInfo,
  addDeclarations,
  removeDeclaration,
  importData,
  openRound,
  closeRound,
  recordParticipant,
  registerInRound,
  publishOpportunityStatement,
  updateOpportunityStatement,
  setOpportunityStatementVisibility,
  openBidsAndOffers,
  closeBidsAndOffers,
  matchRound,
  importMatch,
  reviewMatch,
  acceptMatch,
  rejectMatch,
  settleRound,
  commentAction,
] as const;
/** One round action definition. */
export type RoundActionDefinition = (typeof ROUND_ACTIONS)[number];

/** Every create action of the rounds collection. */
export const ROUND_CREATE_ACTIONS = [createRound] as const;
