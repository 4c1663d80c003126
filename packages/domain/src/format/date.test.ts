import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatMonthYear,
  formatTime,
  MONTH_ABBREVIATIONS,
} from './date.ts';

const originalTimeZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('date formats (UTC unless told)', () => {
  it.each([
    ['2025-09-03', '3 Sep 2025', '2025-09-03', 'Sep 2025', '00:00'],
    ['2025-01-31T23:59:00Z', '31 Jan 2025', '2025-01-31', 'Jan 2025', '23:59'],
    ['2024-02-29T09:05:00.000Z', '29 Feb 2024', '2024-02-29', 'Feb 2024', '09:05'],
    ['2025-12-01T00:30:00+01:00', '30 Nov 2025', '2025-11-30', 'Nov 2025', '23:30'],
    ['2025-06-15T12:00', '15 Jun 2025', '2025-06-15', 'Jun 2025', '12:00'],
  ])('%s -> %s / %s / %s / %s', (input, date, iso, monthYear, time) => {
    expect(formatDate(input)).toBe(date);
    expect(formatIsoDate(input)).toBe(iso);
    expect(formatMonthYear(input)).toBe(monthYear);
    expect(formatTime(input)).toBe(time);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const moment = Date.UTC(2025, 2, 7, 14, 8);
    expect(formatDateTime(moment)).toBe('7 Mar 2025 14:08');
    expect(formatDateTime(new Date(moment))).toBe('7 Mar 2025 14:08');
  });

  it.each([
    [0, 'Jan'],
    [1, 'Feb'],
    [2, 'Mar'],
    [3, 'Apr'],
    [4, 'May'],
    [5, 'Jun'],
    [6, 'Jul'],
    [7, 'Aug'],
    [8, 'Sep'],
    [9, 'Oct'],
    [10, 'Nov'],
    [11, 'Dec'],
  ])('month %s is abbreviated %s', (monthIndex, name) => {
    expect(formatMonthYear(new Date(Date.UTC(2030, monthIndex, 15)))).toBe(`${name} 2030`);
  });

  it('shows a moment in the time zone it is told, with summer time', () => {
    expect(formatDateTime('2025-07-01T23:30:00Z', { timeZone: 'Europe/London' })).toBe('2 Jul 2025 00:30');
    expect(formatDateTime('2025-01-01T23:30:00Z', { timeZone: 'Europe/London' })).toBe('1 Jan 2025 23:30');
    expect(formatTime('2025-01-01T03:00:00Z', { timeZone: 'America/New_York' })).toBe('22:00');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatDate('2025-03-01', { timeZone: 'America/Los_Angeles' })).toBe('1 Mar 2025');
  });

  it('does not depend on the machine time zone', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatDateTime('2025-01-01T23:30:00Z')).toBe('1 Jan 2025 23:30');
    expect(formatDateTime('2025-01-01T10:15')).toBe('1 Jan 2025 10:15');
    process.env.TZ = 'America/Los_Angeles';
    expect(formatIsoDate('2025-01-01')).toBe('2025-01-01');
  });

  it('shows absent dates as blank and refuses invalid ones', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(() => formatDate('2025-02-30')).toThrow(RangeError);
    expect(() => formatDate('yesterday')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('summer time in Europe/London, worked out without Intl', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  /** Intl's wall-clock reading of `at` in London: as the app writes it, and its offset from UTC. */
  const byIntl = (at: number): { text: string; offset: number } => {
    const parts = Object.fromEntries(
      intl.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]),
    );
    const { year = 0, month = 0, day = 0, hour = 0, minute = 0 } = parts;
    const pad = (value: number) => String(value).padStart(2, '0');
    return {
      text: `${day} ${MONTH_ABBREVIATIONS[month - 1]} ${year} ${pad(hour)}:${pad(minute)}`,
      offset: Date.UTC(year, month - 1, day, hour, minute) - at,
    };
  };

  // Some 180,000 readings: a CPU-bound check, given room on a busy machine.
  it('agrees with Intl every six hours from 1996 to 2060, and every quarter hour of the weeks the clocks change', {
    timeout: 60_000,
  }, () => {
    const HOUR = 3_600_000;
    const differences: string[] = [];
    /** Compares our reading of `at` with Intl's, and answers Intl's offset then. */
    const check = (at: number): number => {
      const ours = formatDateTime(at, { timeZone: 'Europe/London' });
      const theirs = byIntl(at);
      if (ours !== theirs.text)
        differences.push(`${new Date(at).toISOString()}: ${ours} against ${theirs.text}`);
      return theirs.offset;
    };
    for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2061, 0, 1); at += 6 * HOUR) check(at);
    let changes = 0;
    for (let year = 1996; year <= 2060; year += 1) {
      // The last Sunday of March and of October falls between the 25th and the 31st.
      for (const month of [2, 9]) {
        let before = byIntl(Date.UTC(year, month, 25) - 15 * 60_000).offset;
        for (let at = Date.UTC(year, month, 25); at < Date.UTC(year, month + 1, 1); at += 15 * 60_000) {
          const offset = check(at);
          if (offset !== before) {
            changes += 1;
            check(at - 60_000);
            check(at + 60_000);
          }
          before = offset;
        }
      }
    }
    expect(differences).toEqual([]);
    // Two changes a year, 65 years.
    expect(changes).toBe(130);
  });

  it('puts the changes of 2026 where the law puts them', () => {
    // BST began at 01:00 GMT on Sunday 29 March 2026 and ends at 01:00 GMT on Sunday 25 October 2026.
    expect(formatDateTime('2026-03-29T00:59:00Z', { timeZone: 'Europe/London' })).toBe('29 Mar 2026 00:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', { timeZone: 'Europe/London' })).toBe('29 Mar 2026 02:00');
    expect(formatDateTime('2026-10-25T00:59:00Z', { timeZone: 'Europe/London' })).toBe('25 Oct 2026 01:59');
    expect(formatDateTime('2026-10-25T01:00:00Z', { timeZone: 'Europe/London' })).toBe('25 Oct 2026 01:00');
  });

  it('asks Intl before 1996, when the rule was another', () => {
    // In 1995 summer time ended on 22 October, not the last Sunday (29 October).
    expect(formatDateTime('1995-10-23T12:00:00Z', { timeZone: 'Europe/London' })).toBe('23 Oct 1995 12:00');
    expect(formatDateTime('1995-10-21T12:00:00Z', { timeZone: 'Europe/London' })).toBe('21 Oct 1995 13:00');
  });
});
