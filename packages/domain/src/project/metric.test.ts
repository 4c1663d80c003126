import { describe, expect, it } from 'vitest';
import {
  biodiversityServiceUnits,
  estimateBiodiversityUnits,
  isClaimOutOfLine,
  timeToTargetMultiplier,
} from './metric.ts';

describe('statutory-metric estimate', () => {
  const meadow = {
    size: 2,
    distinctiveness: 'High',
    condition: 'Good',
    strategicSignificance: 'High',
    difficulty: 'Low',
    yearsToTargetCondition: 0,
  } as const;

  it('multiplies size, distinctiveness, condition, significance, difficulty and time to target', () => {
    expect(estimateBiodiversityUnits(meadow)).toBe(41.4);
    expect(estimateBiodiversityUnits({ ...meadow, difficulty: 'Medium', yearsToTargetCondition: 10 })).toBe(
      Math.round(2 * 6 * 3 * 1.15 * 0.67 * 0.7 * 100) / 100,
    );
    expect(estimateBiodiversityUnits({ ...meadow, distinctiveness: 'VeryLow' })).toBe(0);
    expect(
      estimateBiodiversityUnits({ ...meadow, distinctivenessScore: 1, condition: 'NotApplicable' }),
    ).toBe(2.3);
  });

  it('reads the time-to-target table by whole years, 0.32 beyond 30', () => {
    expect(timeToTargetMultiplier(0)).toBe(1);
    expect(timeToTargetMultiplier(5.9)).toBe(0.837);
    expect(timeToTargetMultiplier(30)).toBe(0.343);
    expect(timeToTargetMultiplier(31)).toBe(0.32);
  });

  it('sells the net gain at target condition and flags claims out of line', () => {
    expect(biodiversityServiceUnits({ gainsPerYear: [1, 4, 9.5], baselineUnitsLost: 2 })).toBe(7.5);
    expect(biodiversityServiceUnits({ gainsPerYear: [], baselineUnitsLost: 2 })).toBe(0);
    expect(isClaimOutOfLine(12, 10)).toBe(false);
    expect(isClaimOutOfLine(13, 10)).toBe(true);
    expect(isClaimOutOfLine(5, 0)).toBe(true);
  });
});
