import { describe, expect, it } from 'vitest';
import { canTransition, InvalidStatusError } from '../forms/lifecycle.ts';
import { MARKET_ROUND_STATUSES } from '../vocab/statuses.ts';
import {
  assertRoundAcceptsAgentAuthority,
  assertRoundOpenForRegistration,
  isRoundAcceptingAgentAuthority,
  isRoundAllowingGroupChanges,
  isRoundAllowingWithdrawal,
  isRoundOpenForRegistration,
} from './market-round.ts';
import { participationLifecycle } from './participation.lifecycle.ts';
import { isRoundOpenForBidsAndOffers } from './round.lifecycle.ts';

describe('round status rules', () => {
  it('opens registration only while the round is Open', () => {
    const open = MARKET_ROUND_STATUSES.filter((status) => isRoundOpenForRegistration({ status }));
    expect(open).toEqual(['Open']);
    expect(() => assertRoundOpenForRegistration({ name: 'Spring 2026', status: 'Closed' })).toThrow(
      new InvalidStatusError('Closed', undefined, 'Spring 2026 is not open for registration'),
    );
  });

  it('lets participants withdraw until bids and offers close', () => {
    const allowing = MARKET_ROUND_STATUSES.filter((status) => isRoundAllowingWithdrawal({ status }));
    expect(allowing).toEqual(['Open', 'Closed', 'OpenForBidsAndOffers']);
  });

  it('takes offers and bids only while bids and offers are open', () => {
    const bidding = MARKET_ROUND_STATUSES.filter((status) => isRoundOpenForBidsAndOffers({ status }));
    expect(bidding).toEqual(['OpenForBidsAndOffers']);
  });

  it('lets groups of both kinds be created and changed from registration until bids and offers close', () => {
    const allowing = MARKET_ROUND_STATUSES.filter((status) => isRoundAllowingGroupChanges({ status }));
    expect(allowing).toEqual(['Open', 'Closed', 'OpenForBidsAndOffers']);
  });

  it('accepts agent authority from registration until bids and offers close', () => {
    const accepting = MARKET_ROUND_STATUSES.filter((status) => isRoundAcceptingAgentAuthority({ status }));
    expect(accepting).toEqual(['Open', 'Closed', 'OpenForBidsAndOffers']);
    expect(() => assertRoundAcceptsAgentAuthority({ name: 'R', status: 'Settled' })).toThrow(
      InvalidStatusError,
    );
  });
});

describe('participation lifecycle', () => {
  it('goes from interest to a provisional registration, never back to interest', () => {
    expect(canTransition(participationLifecycle, 'Interested', 'Provisional')).toBe(true);
    expect(canTransition(participationLifecycle, 'Provisional', 'Interested')).toBe(false);
    expect(canTransition(participationLifecycle, 'Provisional', 'Provisional')).toBe(false);
  });
});
