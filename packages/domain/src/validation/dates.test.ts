import { describe, expect, it } from 'vitest';
import { isAfterTodayUtc, parseDateValue } from './date-values.ts';
import { dateValue, optionalDate, pastOrTodayDate } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { messagesOf } from './testing.ts';

describe('parseDateValue', () => {
  it.each([
    ['2025-09-03', '2025-09-03T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2025-09-03T10:15:00Z', '2025-09-03T10:15:00.000Z'],
    ['2025-09-03T10:15:30.250Z', '2025-09-03T10:15:30.250Z'],
    ['2025-09-03T10:15', '2025-09-03T10:15:00.000Z'],
    ['2025-09-03 10:15:00', '2025-09-03T10:15:00.000Z'],
    ['2025-09-03T10:15:00+01:00', '2025-09-03T09:15:00.000Z'],
    ['2025-09-03T10:15:00-0230', '2025-09-03T12:45:00.000Z'],
  ])('%s -> %s', (text, iso) => {
    expect(parseDateValue(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2025-02-29',
    '2025-02-30',
    '2025-13-01',
    '2025-00-10',
    '2025-9-3',
    '03/09/2025',
    'tomorrow',
    '2025-09-03T24:00',
    '2025-09-03T10:60',
    '',
  ])('%j is not a date', (text) => {
    expect(parseDateValue(text)).toBeUndefined();
  });

  it('accepts valid Date objects only', () => {
    const date = new Date(Date.UTC(2025, 0, 1));
    expect(parseDateValue(date)).toBe(date);
    expect(parseDateValue(new Date(Number.NaN))).toBeUndefined();
    expect(parseDateValue(1735689600000)).toBeUndefined();
  });
});

describe('dateValue', () => {
  it.each([
    [undefined, [MESSAGES.required]],
    [null, [MESSAGES.required]],
    ['', [MESSAGES.required]],
    ['2025-02-30', [MESSAGES.invalidDate]],
    ['soon', [MESSAGES.invalidDate]],
    [42, [MESSAGES.invalidDate]],
    [new Date(Number.NaN), [MESSAGES.invalidDate]],
    ['2025-02-28', []],
    [new Date(), []],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(dateValue(), value)).toEqual(messages);
  });

  it('outputs a Date', () => {
    expect(dateValue().parse('2025-02-28')).toEqual(new Date(Date.UTC(2025, 1, 28)));
  });

  it('lets optional dates be absent but not invalid', () => {
    expect(optionalDate().parse('')).toBeUndefined();
    expect(optionalDate().parse(null)).toBeUndefined();
    expect(optionalDate().parse(undefined)).toBeUndefined();
    expect(messagesOf(optionalDate(), 'nope')).toEqual([MESSAGES.invalidDate]);
  });
});

describe('Cannot be in the future (by UTC day)', () => {
  const now = new Date('2025-06-15T23:30:00Z');
  const schema = pastOrTodayDate({ now: () => now });

  it.each([
    ['2025-06-14', []],
    ['2025-06-15', []],
    ['2025-06-15T23:59:59Z', []],
    ['2025-06-16T00:30:00+01:00', []],
    ['2025-06-16', [MESSAGES.futureDate]],
    ['2025-06-16T00:00:00Z', [MESSAGES.futureDate]],
    ['2026-01-01', [MESSAGES.futureDate]],
    ['', [MESSAGES.required]],
    ['x', [MESSAGES.invalidDate]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(schema, value)).toEqual(messages);
  });

  it('compares UTC days, not moments', () => {
    expect(isAfterTodayUtc(new Date('2025-06-15T23:59:00Z'), new Date('2025-06-15T00:01:00Z'))).toBe(false);
    expect(isAfterTodayUtc(new Date('2025-06-16T00:00:00Z'), new Date('2025-06-15T23:59:00Z'))).toBe(true);
  });

  it('uses the real clock by default', () => {
    expect(messagesOf(pastOrTodayDate(), new Date())).toEqual([]);
    expect(messagesOf(pastOrTodayDate(), new Date(Date.now() + 2 * 86_400_000))).toEqual([
      MESSAGES.futureDate,
    ]);
  });
});
