import { describe, expect, it } from 'vitest';
import { conditionHolds, offeredOptions } from './visibility.ts';

describe('field conditions', () => {
  it('atLeast holds for a number at least the value, fractions included, and never for a blank or text', () => {
    const atLeastTwo = { fieldId: 'years', atLeast: 2 };
    expect(conditionHolds(atLeastTwo, { years: 2 })).toBe(true);
    expect(conditionHolds(atLeastTwo, { years: 2.5 })).toBe(true);
    expect(conditionHolds(atLeastTwo, { years: 1.9 })).toBe(false);
    expect(conditionHolds(atLeastTwo, {})).toBe(false);
    expect(conditionHolds(atLeastTwo, { years: '3' })).toBe(false);
  });
});

describe('offered options', () => {
  const options = [
    { value: 'p1', label: 'Meadow Farm', visibleWhen: [{ fieldId: 'roundId', oneOf: ['r1'] }] },
    {
      value: 'p2',
      label: 'River Farm',
      visibleWhen: [
        { fieldId: 'roundId', oneOf: ['r2'] },
        { fieldId: 'type', filled: true },
      ],
    },
    { value: 'p3', label: 'Down Farm' },
  ];

  it('offers an option only while every one of its conditions holds; one without conditions always', () => {
    expect(offeredOptions(options, {}).map((option) => option.value)).toEqual(['p3']);
    expect(offeredOptions(options, { roundId: 'r1' }).map((option) => option.value)).toEqual(['p1', 'p3']);
    expect(offeredOptions(options, { roundId: 'r2' }).map((option) => option.value)).toEqual(['p3']);
    expect(offeredOptions(options, { roundId: 'r2', type: 'XOR' }).map((option) => option.value)).toEqual([
      'p2',
      'p3',
    ]);
  });

  it('gives back the same list when no option has conditions', () => {
    const plain = [{ value: 'a', label: 'A' }];
    expect(offeredOptions(plain, {})).toBe(plain);
  });
});
