import { describe, expect, it } from 'vitest';
import { registrationCloses } from './roundDisplay.ts';
import { roundOf } from './testing/fixtures.ts';

describe('registrationCloses', () => {
  const window = (end: string) => ({ start: '2026-09-01', end });

  it('gives one date when suppliers and bidders register until the same day', () => {
    const round = roundOf({
      id: 'r1',
      bidderType: 'Buyers',
      registrationDates: {
        suppliers: window('2026-12-24'),
        buyers: window('2026-12-24'),
        projects: null,
        requirements: null,
      },
    });
    expect(registrationCloses(round)).toBe('registration until 24 Dec 2026');
  });

  it("names each side's last day when they differ, the bidders as the round takes them", () => {
    const round = roundOf({
      id: 'r1',
      bidderType: 'BuyersAndInvestors',
      registrationDates: {
        suppliers: window('2026-12-24'),
        buyers: window('2027-01-10'),
        projects: null,
        requirements: null,
      },
    });
    expect(registrationCloses(round)).toBe(
      'suppliers register until 24 Dec 2026 · buyers and investors until 10 Jan 2027',
    );
    expect(registrationCloses({ ...round, bidderType: 'Investors' })).toBe(
      'suppliers register until 24 Dec 2026 · investors until 10 Jan 2027',
    );
  });

  it('leaves out a side without a window, and says nothing without any', () => {
    const dates = { suppliers: null, buyers: window('2027-01-10'), projects: null, requirements: null };
    expect(registrationCloses(roundOf({ id: 'r1', bidderType: 'Buyers', registrationDates: dates }))).toBe(
      'buyers until 10 Jan 2027',
    );
    expect(registrationCloses(roundOf({ id: 'r1', registrationDates: { ...dates, buyers: null } }))).toBe('');
  });
});
