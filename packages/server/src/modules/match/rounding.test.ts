import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExactFlow, roundFlows } from './rounding.ts';

const MULTIPLIERS = [1, 0.75, 0.5] as const;

/** A random exact result: supplies with sellable units, flows within them, needs equal to what the flows deliver. */
const exactResult = fc
  .record({
    supplies: fc.array(fc.double({ min: 0.01, max: 500, noNaN: true }), { minLength: 1, maxLength: 6 }),
    demands: fc.integer({ min: 1, max: 6 }),
    flows: fc.array(
      fc.record({
        supply: fc.nat(),
        demand: fc.nat(),
        share: fc.double({ min: 0.001, max: 1, noNaN: true }),
        multiplier: fc.constantFrom(...MULTIPLIERS),
      }),
      { minLength: 1, maxLength: 20 },
    ),
    sellOut: fc.boolean(),
  })
  .map(({ supplies, demands, flows, sellOut }) => {
    // One flow per (supply, demand) pair, each supply's flows summing to at most its sellable units.
    const unique = new Map<string, (typeof flows)[number] & { s: number; d: number }>();
    for (const flow of flows) {
      const s = flow.supply % supplies.length;
      const d = flow.demand % demands;
      unique.set(`${s}|${d}`, { ...flow, s, d });
    }
    const list = [...unique.values()];
    const exact: ExactFlow[] = [];
    for (const [s, cap] of supplies.entries()) {
      const mine = list.filter((f) => f.s === s);
      const total = mine.reduce((sum, f) => sum + f.share, 0);
      const scale = sellOut ? cap / total : Math.min(1, cap / total);
      for (const f of mine)
        exact.push({ supply: `c${s}`, demand: `r${f.d}`, units: f.share * scale, multiplier: f.multiplier });
    }
    const sellable = new Map(supplies.map((cap, s) => [`c${s}`, cap]));
    const need = new Map<string, number>();
    for (const flow of exact)
      need.set(flow.demand, (need.get(flow.demand) ?? 0) + flow.units * flow.multiplier);
    return { exact, sellable, need };
  });

describe('rounding allocations to 2 decimals', () => {
  it('never sells more than a credit-year has, never gives a requirement more than it needs', () => {
    fc.assert(
      fc.property(exactResult, ({ exact, sellable, need }) => {
        const rounded = roundFlows(exact, sellable, need);
        const sold = new Map<string, number>();
        const got = new Map<string, number>();
        exact.forEach((flow, i) => {
          const units = rounded[i] ?? 0;
          expect(Math.round(units * 100)).toBeCloseTo(units * 100, 9);
          sold.set(flow.supply, (sold.get(flow.supply) ?? 0) + units);
          got.set(flow.demand, (got.get(flow.demand) ?? 0) + units * flow.multiplier);
        });
        for (const [supply, units] of sold)
          expect(units).toBeLessThanOrEqual((sellable.get(supply) ?? 0) + 1e-9);
        for (const [demand, units] of got) expect(units).toBeLessThanOrEqual((need.get(demand) ?? 0) + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('meets each requirement-year within 0.01 unit when the supply is not sold out', () => {
    fc.assert(
      fc.property(exactResult, ({ exact, sellable, need }) => {
        const roomy = new Map([...sellable].map(([key, cap]) => [key, cap + 1]));
        const rounded = roundFlows(exact, roomy, need);
        const got = new Map<string, number>();
        exact.forEach((flow, i) => {
          got.set(flow.demand, (got.get(flow.demand) ?? 0) + (rounded[i] ?? 0) * flow.multiplier);
        });
        for (const [demand, units] of need)
          expect(units - (got.get(demand) ?? 0)).toBeLessThanOrEqual(0.01 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a sold-out credit shared by two requirements without overselling it', () => {
    const flows: ExactFlow[] = [
      { supply: 'c', demand: 'a', units: 3.335, multiplier: 1 },
      { supply: 'c', demand: 'b', units: 6.665, multiplier: 1 },
    ];
    const rounded = roundFlows(
      flows,
      new Map([['c', 10]]),
      new Map([
        ['a', 3.335],
        ['b', 6.665],
      ]),
    );
    expect(rounded).toEqual([3.33, 6.66]);
    expect(rounded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
  });
});
