import { describe, expect, it } from 'vitest';
import { type FailedAllocation, planBalancing, type ReserveHolding } from './settlement.plan.ts';

const failed = (id: string, units: number, overrides: Partial<FailedAllocation> = {}): FailedAllocation => ({
  id,
  requirementId: `r-${id}`,
  requirementCreditId: `c-${id}`,
  creditType: 'Biodiversity',
  year: 2027,
  units,
  multiplier: 1,
  ...overrides,
});
const held = (id: string, available: number, overrides: Partial<ReserveHolding> = {}): ReserveHolding => ({
  id,
  projectId: `p-${id}`,
  serviceId: `s-${id}`,
  creditType: 'Biodiversity',
  year: 2027,
  available,
  ...overrides,
});
const everything = () => 1;

describe('planBalancing', () => {
  it('replaces a failed allocation in full from one reserved credit', () => {
    expect(planBalancing([failed('a', 2)], [held('x', 5)], everything)).toEqual({
      replacements: [{ allocationId: 'a', reservedCreditId: 'x', units: 2, multiplier: 1 }],
      shortfalls: [],
    });
  });

  it('uses the best multiplier first and lists what no reserve covers as a shortfall', () => {
    const plan = planBalancing([failed('a', 10)], [held('near', 1.5), held('far', 4)], (_, reserve) =>
      reserve.id === 'near' ? 1 : 0.5,
    );
    expect(plan).toEqual({
      replacements: [
        { allocationId: 'a', reservedCreditId: 'near', units: 1.5, multiplier: 1 },
        { allocationId: 'a', reservedCreditId: 'far', units: 4, multiplier: 0.5 },
      ],
      shortfalls: [{ allocationId: 'a', units: 6.5 }],
    });
  });

  it('owes what the requirement received: a reserve further away gives more supply units', () => {
    const plan = planBalancing([failed('a', 3, { multiplier: 0.75 })], [held('far', 10)], () => 0.5);
    expect(plan.replacements).toEqual([
      { allocationId: 'a', reservedCreditId: 'far', units: 4.5, multiplier: 0.5 },
    ]);
    expect(plan.shortfalls).toEqual([]);
  });

  it('never uses a reserve the rules refuse, of another type or of another year', () => {
    const plan = planBalancing(
      [failed('a', 2)],
      [
        held('refused', 9),
        held('nitrogen', 9, { creditType: 'NutrientMitigationNitrogen' }),
        held('later', 9, { year: 2028 }),
      ],
      (_, reserve) => (reserve.id === 'refused' ? null : 1),
    );
    expect(plan).toEqual({ replacements: [], shortfalls: [{ allocationId: 'a', units: 2 }] });
  });

  it('shares a reserved credit between failed allocations in id order without giving more than it holds', () => {
    const plan = planBalancing([failed('b', 3), failed('a', 2)], [held('x', 4)], everything);
    expect(plan).toEqual({
      replacements: [
        { allocationId: 'a', reservedCreditId: 'x', units: 2, multiplier: 1 },
        { allocationId: 'b', reservedCreditId: 'x', units: 2, multiplier: 1 },
      ],
      shortfalls: [{ allocationId: 'b', units: 1 }],
    });
  });
});
