import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkResult } from '../src/check.ts';
import { type ExactFlow, roundFlows } from '../src/rounding.ts';
import { bio, need, project, round } from './fixtures.ts';

const MULTIPLIERS = [1, 0.75, 0.5] as const;

/**
 * A random exact result: supplies with sellable units in whole hundredths (as the engine plans), flows within them,
 * needs equal to what the flows deliver.
 */
const exactResult = fc
  .record({
    supplies: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 6 }),
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
      const scale = sellOut ? cap / 100 / total : Math.min(1, cap / 100 / total);
      for (const f of mine)
        exact.push({ supply: `c${s}`, demand: `r${f.d}`, units: f.share * scale, multiplier: f.multiplier });
    }
    const sellable = new Map(supplies.map((cents, s) => [`c${s}`, cents]));
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
          expect(units).toBeLessThanOrEqual((sellable.get(supply) ?? 0) / 100 + 1e-9);
        for (const [demand, units] of got) expect(units).toBeLessThanOrEqual((need.get(demand) ?? 0) + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('meets each requirement-year within 0.01 unit, sold-out credits included', () => {
    fc.assert(
      fc.property(exactResult, ({ exact, sellable, need }) => {
        const rounded = roundFlows(exact, sellable, need);
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
      new Map([['c', 1000]]),
      new Map([
        ['a', 3.335],
        ['b', 6.665],
      ]),
    );
    expect(rounded).toEqual([3.33, 6.66]);
    expect(rounded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
  });
});

describe("the checker holds a RESULT's 2-decimal flows to the same contract", () => {
  // A 6.09-unit credit with a 15 % reserve has 5.1765 sellable units: 5.17 in whole hundredths.
  const instance = round([project('P1', 100, [bio(6.09)])], [need('R1', 1_000, 5.2)], { reservePercent: 15 });
  const result = (units: number, fill: number) => ({
    status: 'Optimal' as const,
    surplus: 1_000 * fill - 100,
    bound: 1_000 * fill - 100,
    gap: 0,
    seconds: 0,
    projects: [{ id: 'P1', won: true, receives: 500 * fill + 50, reason: null }],
    requirements: [{ id: 'R1', fill, pays: 500 * fill + 50, reason: fill < 1 ? 'part' : null }],
    flows: [{ project: 'P1', credit: 0, requirement: 'R1', year: 0, units }],
  });

  it('passes a result selling the sellable hundredths', () => {
    expect(checkResult(instance, result(5.17, 5.17 / 5.2))).toEqual([]);
  });

  it('refuses a result selling a hundredth the credit lacks (5.18 of 5.1765)', () => {
    expect(checkResult(instance, result(5.18, 5.18 / 5.2))).toEqual([
      'credit P1|0|0 sells 5.18 > sellable 5.17',
    ]);
  });

  it('refuses a result giving a requirement more than units x fill', () => {
    expect(checkResult(instance, result(5.17, 5.16 / 5.2))).toEqual([
      `requirement R1 year 0 receives 5.17 credited units, more than ${(5.2 * 5.16) / 5.2}`,
    ]);
  });

  it('refuses flows that are not whole hundredths', () => {
    expect(checkResult(instance, result(5.165, 5.165 / 5.2))).toEqual([
      'flow P1#0->R1 trades 5.165, not whole hundredths',
    ]);
  });
});
