import { describe, expect, it } from 'vitest';
import {
  AMOUNT_LIMITS,
  area,
  money,
  moneyOrZero,
  moneyProblem,
  SIZE_LIMITS,
  size,
  sizeProblem,
  units,
  unitsOrZero,
  unitsProblem,
} from './amounts.ts';
import { MESSAGES } from './messages.ts';
import { messagesOf } from './testing.ts';

describe('the money rule', () => {
  it.each([
    [1, []],
    [0.01, []],
    [1234.5, []],
    [999_999_999.99, []],
    [1_000_000_000, []],
    [0, [MESSAGES.positive]],
    [-5, [MESSAGES.positive]],
    [0.001, ['Must be in pounds and whole pence (at most 2 decimal places)']],
    [1_000_000_000.01, ['Must be at most £1,000,000,000']],
    [1e21, ['Must be at most £1,000,000,000']],
    [2 ** 63, ['Must be at most £1,000,000,000']],
    [1e308, ['Must be at most £1,000,000,000']],
    [undefined, [MESSAGES.required]],
    [null, [MESSAGES.required]],
  ])('%s -> %j', (value, messages) => {
    expect(messagesOf(money(), value)).toEqual(messages);
  });

  it('lets costs be 0 but nothing below it or above the cap', () => {
    expect(messagesOf(moneyOrZero(), 0)).toEqual([]);
    expect(messagesOf(moneyOrZero(), -0.01)).toEqual([MESSAGES.nonNegative]);
    expect(messagesOf(moneyOrZero(), 1e12)).toEqual(['Must be at most £1,000,000,000']);
  });

  it('reads values that never passed a schema (a stored row, a file) the same way', () => {
    expect(moneyProblem(Number.POSITIVE_INFINITY)).toBe('Must be a number');
    expect(moneyProblem(Number.NaN)).toBe('Must be a number');
    expect(moneyProblem('12')).toBe('Must be a number');
    expect(moneyProblem(null)).toBe(MESSAGES.required);
    expect(moneyProblem(12.34)).toBeUndefined();
  });
});

describe('the units rule', () => {
  it.each([
    [0.5, []],
    [100_000, []],
    [0, [MESSAGES.positive]],
    [100_000.5, ['Must be at most 100,000 units']],
    [1e308, ['Must be at most 100,000 units']],
  ])('%s -> %j', (value, messages) => {
    expect(messagesOf(units('Biodiversity'), value)).toEqual(messages);
  });

  it('has a cap for every credit type and lets a loss or a gain be 0', () => {
    for (const [type, max] of Object.entries(AMOUNT_LIMITS.units)) {
      expect(unitsProblem(max, { type: type as keyof typeof AMOUNT_LIMITS.units })).toBeUndefined();
      expect(unitsProblem(max * 2, { type: type as keyof typeof AMOUNT_LIMITS.units })).toBe(
        `Must be at most ${max.toLocaleString('en-GB')} units`,
      );
    }
    expect(messagesOf(unitsOrZero(), 0)).toEqual([]);
    expect(unitsProblem(Number.POSITIVE_INFINITY)).toBe('Must be a number');
  });
});

describe('the size rule', () => {
  it.each([
    [2.5, 'ha', undefined],
    [100_000, 'ha', undefined],
    [100_000.5, 'ha', 'Must be at most 100,000 ha'],
    [1e9, 'ha', 'Must be at most 100,000 ha'],
    [10_000, 'km', undefined],
    [10_001, 'km', 'Must be at most 10,000 km'],
    [0, 'ha', MESSAGES.positive],
    [-1, 'km', MESSAGES.positive],
    [Number.NaN, 'ha', 'Must be a number'],
    [undefined, 'ha', MESSAGES.required],
  ] as const)('%s %s -> %s', (value, unit, message) => {
    expect(sizeProblem(value, unit)).toBe(message);
  });

  it('is what the area and size schemas check', () => {
    expect(messagesOf(area(), 12.5)).toEqual([]);
    expect(messagesOf(area(), 1e9)).toEqual(['Must be at most 100,000 ha']);
    expect(messagesOf(size('km'), 20_000)).toEqual(['Must be at most 10,000 km']);
    expect(SIZE_LIMITS).toEqual({ ha: 100_000, km: 10_000 });
  });
});
