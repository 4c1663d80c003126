import { InvalidStatusError } from '../forms/lifecycle.ts';
import type { MarketRoundStatus } from '../vocab/statuses.ts';

/**
 * What other records keep of a market round until rounds arrive in full: the round id, its name, its status
 * and its market. Actions that act "for a round" (registration, interest, agent authority) take its id.
 */
export interface MarketRoundReference {
  id: string;
  name: string;
  status: MarketRoundStatus;
  marketId: string;
  marketName: string;
}

/** Round statuses in which participants may express interest in or register for a round. */
export const ROUND_STATUSES_OPEN_FOR_REGISTRATION = ['Open'] as const satisfies readonly MarketRoundStatus[];

/**
 * Round statuses in which a client may give an agent authority: from registration until bids and offers close,
 * the period in which an agent may register or bid for it.
 */
export const ROUND_STATUSES_ACCEPTING_AGENT_AUTHORITY = [
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];

/**
 * Round statuses in which a participant may withdraw: until bids and offers close, when its bids and offers become
 * binding for the clearing.
 */
export const ROUND_STATUSES_ALLOWING_WITHDRAWAL = [
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];

/**
 * Round statuses in which a project group or a credit requirement group may be created or changed: from registration
 * until bids and offers close, when the clearing takes the groups as they are. No record is in a Draft round.
 */
export const ROUND_STATUSES_ALLOWING_GROUP_CHANGES = [
  'Open',
  'Closed',
  'OpenForBidsAndOffers',
] as const satisfies readonly MarketRoundStatus[];

const includesStatus = (statuses: readonly MarketRoundStatus[], status: MarketRoundStatus): boolean =>
  statuses.includes(status);

/** Whether participants may register for (or express interest in) the round now. */
export const isRoundOpenForRegistration = (round: Pick<MarketRoundReference, 'status'>): boolean =>
  includesStatus(ROUND_STATUSES_OPEN_FOR_REGISTRATION, round.status);

/** Whether a client may give an agent authority for the round now. */
export const isRoundAcceptingAgentAuthority = (round: Pick<MarketRoundReference, 'status'>): boolean =>
  includesStatus(ROUND_STATUSES_ACCEPTING_AGENT_AUTHORITY, round.status);

/** Whether a participant may withdraw from the round now. */
export const isRoundAllowingWithdrawal = (round: Pick<MarketRoundReference, 'status'>): boolean =>
  includesStatus(ROUND_STATUSES_ALLOWING_WITHDRAWAL, round.status);

/** Whether project groups and credit requirement groups of the round may be created or changed now. */
export const isRoundAllowingGroupChanges = (round: Pick<MarketRoundReference, 'status'>): boolean =>
  includesStatus(ROUND_STATUSES_ALLOWING_GROUP_CHANGES, round.status);

/** Throws invalid_status unless participants may register for the round now. */
export const assertRoundOpenForRegistration = (
  round: Pick<MarketRoundReference, 'name' | 'status'>,
): void => {
  if (!isRoundOpenForRegistration(round)) {
    throw new InvalidStatusError(round.status, undefined, `${round.name} is not open for registration`);
  }
};

/** Throws invalid_status unless a client may give an agent authority for the round now. */
export const assertRoundAcceptsAgentAuthority = (
  round: Pick<MarketRoundReference, 'name' | 'status'>,
): void => {
  if (!isRoundAcceptingAgentAuthority(round)) {
    throw new InvalidStatusError(
      round.status,
      undefined,
      `${round.name} no longer accepts agent authorities`,
    );
  }
};
