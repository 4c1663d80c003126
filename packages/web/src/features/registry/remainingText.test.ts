import { describe, expect, it } from 'vitest';
import { remainingText } from './registryApi.ts';

describe('what a reserved credit still holds', () => {
  it('gives the units left', () => {
    expect(remainingText({ remainingUnits: 3, voidedUnits: 0 })).toBe('3.00');
  });

  it("says when its project's failure wrote the rest off", () => {
    expect(remainingText({ remainingUnits: 0, voidedUnits: 2.5 })).toBe(
      '0.00 (2.50 written off: its project failed)',
    );
  });
});
