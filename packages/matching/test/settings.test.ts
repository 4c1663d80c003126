import { describe, expect, it } from 'vitest';
import { MAX_LOAD_FACTOR, PROVER, startBudgetSeconds } from '../src/solver/settings.ts';

describe("the local-search start's budget", () => {
  const request = { ...PROVER, timeLimitSeconds: 120 };

  it('is startMaxSeconds on an idle machine, whatever the cores', () => {
    expect(startBudgetSeconds(request, 0.3, 2)).toBe(5);
    expect(startBudgetSeconds(request, 2, 2)).toBe(5);
  });

  it('stretches with the load per core, up to MAX_LOAD_FACTOR times', () => {
    expect(startBudgetSeconds(request, 6, 2)).toBe(15);
    expect(startBudgetSeconds(request, 40, 2)).toBe(5 * MAX_LOAD_FACTOR);
  });

  it('never takes more than its share of the time limit', () => {
    expect(startBudgetSeconds({ ...request, timeLimitSeconds: 20 }, 0, 2)).toBe(5);
    expect(startBudgetSeconds({ ...request, timeLimitSeconds: 20 }, 40, 2)).toBe(5);
    expect(startBudgetSeconds({ ...request, timeLimitSeconds: 60 }, 40, 2)).toBe(15);
  });
});
