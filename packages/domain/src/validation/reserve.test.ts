import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isValidReservePercentage, reservePercentage, reserveWarning } from './reserve.ts';
import { messagesOf } from './testing.ts';

describe('credit reserve percentage: strictly between 0 and 100', () => {
  it.each([
    [0.01, []],
    [15, []],
    [99.99, []],
    ['15', []],
    [0, ['0% is not valid for the credit reserve']],
    [100, ['100% is not valid for the credit reserve']],
    [-5, ['-5% is not valid for the credit reserve']],
    [150.5, ['150.5% is not valid for the credit reserve']],
    ['100', ['100% is not valid for the credit reserve']],
    [undefined, [MESSAGES.required]],
    [null, [MESSAGES.required]],
    ['', [MESSAGES.required]],
    ['ten', [MESSAGES.required]],
    [Number.NaN, [MESSAGES.required]],
    [true, [MESSAGES.required]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(reservePercentage(), value)).toEqual(messages);
  });

  it('parses numeric text to a number', () => {
    expect(reservePercentage().parse(' 12.5 ')).toBe(12.5);
  });

  it.each([
    [0, false],
    [1e-9, true],
    [100, false],
  ])('isValidReservePercentage(%s) = %s', (value, valid) => {
    expect(isValidReservePercentage(value)).toBe(valid);
  });
});

describe('recommended range warning (non-blocking)', () => {
  it.each([
    [10, undefined],
    [15, undefined],
    [20, undefined],
    [9.99, MESSAGES.reserveRecommended],
    [20.01, MESSAGES.reserveRecommended],
    [1, MESSAGES.reserveRecommended],
    [50, MESSAGES.reserveRecommended],
    [0, undefined],
    [100, undefined],
    [undefined, undefined],
    [null, undefined],
  ])('%s -> %s', (value, warning) => {
    expect(reserveWarning(value)).toBe(warning);
  });

  it('is worded as the spec says', () => {
    expect(reserveWarning(5)).toBe('The recommended range is 10% to 20%');
  });
});
