import { describe, expect, it } from 'vitest';
import {
  distinctivenessContradictionMessage,
  distinctivenessFill,
  distinctivenessProblem,
  tradedDistinctiveness,
} from './habitat.distinctiveness.ts';

describe("a habitat type's distinctiveness", () => {
  it('trades at the band the statutory metric gives it, very low as Low', () => {
    expect(tradedDistinctiveness('VeryHigh')).toBe('VeryHigh');
    expect(tradedDistinctiveness('Medium')).toBe('Medium');
    expect(tradedDistinctiveness('VeryLow')).toBe('Low');
  });

  it('refuses a distinctiveness the habitat type contradicts, with a clear message', () => {
    expect(distinctivenessProblem('Lowland meadows', 'VeryHigh', 'Low')).toBe(
      'The statutory metric gives Lowland meadows Very high distinctiveness',
    );
    expect(distinctivenessProblem('Modified grassland', 'Low', 'High')).toBe(
      'The statutory metric gives Modified grassland Low distinctiveness',
    );
    expect(distinctivenessProblem('Developed land; sealed surface', 'VeryLow', 'Medium')).toBe(
      'The statutory metric gives Developed land; sealed surface Low distinctiveness',
    );
    expect(distinctivenessContradictionMessage('Ponds', 'High')).toBe(
      'The statutory metric gives Ponds High distinctiveness',
    );
  });

  it('accepts the distinctiveness the habitat type has', () => {
    expect(distinctivenessProblem('Lowland meadows', 'VeryHigh', 'VeryHigh')).toBeUndefined();
    expect(distinctivenessProblem('Developed land; sealed surface', 'VeryLow', 'Low')).toBeUndefined();
  });

  it('fills a distinctiveness field from the chosen habitat record', () => {
    expect(distinctivenessFill('bioDistinctiveness')).toEqual({
      fieldId: 'bioDistinctiveness',
      key: 'distinctiveness',
      map: { VeryLow: 'Low' },
    });
  });
});
