import { describe, expect, it } from 'vitest';
import { messagesOf } from '../validation/testing.ts';
import {
  optionalTodayOrLaterIsoDateValue,
  pastOrTodayIsoDateValue,
  todayOrLaterIsoDateValue,
} from './rules.ts';

/** The ISO date `days` from today (UTC). */
const fromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('dates that cannot be in the future (checks, verifications, assessments)', () => {
  it.each([
    [fromToday(0), []],
    [fromToday(-1), []],
    ['2020-02-29', []],
    [fromToday(1), ['Cannot be in the future']],
    ['2099-01-01', ['Cannot be in the future']],
    ['2026-02-31', ['Not a valid date']],
    ['31/02/2026', ['Not a valid date']],
    [undefined, ['Field required']],
  ])('%s -> %j', (value, messages) => {
    expect(messagesOf(pastOrTodayIsoDateValue(), value)).toEqual(messages);
  });
});

describe('dates that cannot be in the past (redemption dates)', () => {
  it.each([
    [fromToday(0), []],
    [fromToday(1), []],
    ['2099-01-01', []],
    [fromToday(-1), ['Cannot be in the past']],
    ['2020-01-31', ['Cannot be in the past']],
    ['2027-13-01', ['Not a valid date']],
    [undefined, ['Field required']],
  ])('%s -> %j', (value, messages) => {
    expect(messagesOf(todayOrLaterIsoDateValue(), value)).toEqual(messages);
  });

  it('takes a blank optional date as absent', () => {
    expect(messagesOf(optionalTodayOrLaterIsoDateValue(), '')).toEqual([]);
    expect(messagesOf(optionalTodayOrLaterIsoDateValue(), null)).toEqual([]);
    expect(messagesOf(optionalTodayOrLaterIsoDateValue(), '2020-01-31')).toEqual(['Cannot be in the past']);
  });
});
