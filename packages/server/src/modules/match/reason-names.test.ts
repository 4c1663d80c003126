import { describe, expect, it } from 'vitest';
import { namesOf, readableReason } from './reason-names.ts';

const GROUP = '77e45607-caff-41f8-a2ca-89b96d578074';
const PARTNER = '0a1b2c3d-0000-4000-8000-00000000beef';
const UNKNOWN = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

describe('reasons in words', () => {
  const names = namesOf([
    { id: 'p1', name: 'Hamble Estuary Saltmarsh', group: { id: GROUP, name: 'Hamble either-or' } },
    { id: PARTNER, name: 'Meon Valley Hedgerows', group: null },
  ]);

  it('names the group and the partner a reason speaks of, never their ids', () => {
    expect(
      readableReason(`Another project in its group ${GROUP} won instead (at most one may win).`, names),
    ).toBe('Another project in its group ‘Hamble either-or’ won instead (at most one may win).');
    expect(
      readableReason(
        `Its group ${GROUP} is all-or-none and partner project ${PARTNER} has no requirement to serve.`,
        names,
      ),
    ).toBe(
      'Its group ‘Hamble either-or’ is all-or-none and partner project ‘Meon Valley Hedgerows’ has no requirement to serve.',
    );
  });

  it('reads an ongoing-only alternative and its pairing by the requirement they come from', () => {
    expect(readableReason(`Its group xor/${PARTNER} chose ${PARTNER}/ongoing-only.`, names)).toBe(
      'Its group ‘Meon Valley Hedgerows’ chose ‘Meon Valley Hedgerows’.',
    );
  });

  it('never shows an id it cannot name, and leaves reasons without ids and missing reasons as they are', () => {
    const text = readableReason(`Its group ${UNKNOWN} is all-or-none.`, names);
    expect(text).toBe('Its group another record of this round is all-or-none.');
    expect(text).not.toContain(UNKNOWN);
    expect(readableReason('A cheaper alternative won.', names)).toBe('A cheaper alternative won.');
    expect(readableReason(null, names)).toBeNull();
  });
});
