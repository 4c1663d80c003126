import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate, formatMonthYear, formatTime } from './date.ts';

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
