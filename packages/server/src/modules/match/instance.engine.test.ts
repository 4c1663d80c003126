import type { CreditRequirement, Project } from '@curlew/domain';
import { checkResult, clearRound, parseInstance } from '@curlew/matching';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  biodiversityService,
  lpaAdjacency,
  matchRound,
  nutrientRequirement,
  nutrientService,
  offeredProject,
} from './instance.testing.ts';
import { buildInstance } from './instance.ts';

// The instance builder against the engine: the same round always gives the same bytes, a built instance clears and
// passes the independent checker, and any generated round gives an instance the engine accepts.

describe('determinism and the engine', () => {
  const round = (): [Project[], CreditRequirement[]] => {
    const and = { id: 'ga', name: 'Both', type: 'AND' as const };
    const projects = [
      offeredProject('p1', { offer: 3000 }),
      offeredProject('p2', { offer: 2000, group: and }),
      offeredProject('p3', { offer: 1500, group: and }),
      offeredProject('p4', {
        offer: 800,
        services: [nutrientService('n4', { 2027: 20, 2028: 20 })],
      }),
      offeredProject('p5', { status: 'Certified' }),
    ];
    const requirements = [
      biodiversityRequirement('r1', { bid: { bid: 9000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
      biodiversityRequirement('r2', { bid: { bid: 4000, acceptOngoingOnly: false, bidOngoingOnly: null } }),
      nutrientRequirement(
        'r3',
        { ongoing: 8, additional: 6 },
        { bid: { bid: 5000, acceptOngoingOnly: true, bidOngoingOnly: 3000 } },
      ),
      biodiversityRequirement('r4', { status: 'Registered' }),
    ];
    return [projects, requirements];
  };

  it('gives byte-identical JSON for the same round, whatever order its records come in', () => {
    const [projects, requirements] = round();
    const first = JSON.stringify(buildInstance(matchRound(), projects, requirements, lpaAdjacency));
    const reversed = JSON.stringify(
      buildInstance(
        matchRound(),
        [...projects].reverse(),
        [...requirements].reverse(),
        [...lpaAdjacency].reverse(),
      ),
    );
    expect(reversed).toBe(first);
    expect(JSON.stringify(buildInstance(matchRound(), projects, requirements, lpaAdjacency))).toBe(first);
  });

  it('clears a built instance, and the answer passes the independent checker', async () => {
    const [projects, requirements] = round();
    const { instance } = buildInstance(
      matchRound({ reserve: { percentage: 10, appliesTo: 'supply' } }),
      projects,
      requirements,
      lpaAdjacency,
    );
    const result = await clearRound(instance, { timeLimitSeconds: 20, threads: 1 });
    expect(checkResult(instance, result)).toEqual([]);
    expect(result.status).toBe('Optimal');
    expect(result.projects.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(result.requirements.map((r) => r.id)).toEqual(['r1', 'r2', 'r3', 'r3/ongoing-only']);
    // The mixed need (14 kg/yr) outgrows the nitrogen project's 18 sellable kg/yr in no year, so it wins.
    expect(result.requirements.find((r) => r.id === 'r3')?.fill).toBe(1);
    expect(result.requirements.find((r) => r.id === 'r3/ongoing-only')?.fill).toBe(0);
    expect(result.surplus).toBeGreaterThan(0);
  }, 60_000);
});

describe('any round', () => {
  const distinctiveness = fc.constantFrom('Low', 'Medium', 'High', 'VeryHigh', null);
  const project = fc
    .record({
      id: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
      status: fc.constantFrom('Offered', 'Offered', 'Certified'),
      offer: fc.option(fc.integer({ min: 0, max: 100_000 })),
      certified: fc.boolean(),
      distinctiveness,
      nutrient: fc.option(
        fc.dictionary(
          fc.constantFrom('2026', '2027', '2028', '2031'),
          fc.float({ min: 0, max: 50, noNaN: true }),
        ),
      ),
      duration: fc.constantFrom('Permanent', 'TwoYears'),
      group: fc.option(
        fc.constantFrom(
          { id: 'gx', name: 'X', type: 'XOR' as const },
          { id: 'ga', name: 'A', type: 'AND' as const },
        ),
      ),
      gain: fc.float({ min: -5, max: 40, noNaN: true }),
    })
    .map((p) =>
      offeredProject(p.id, {
        status: p.status,
        offer: p.offer,
        group: p.group,
        supply: { baselineUnitsLost: 2, yearsToTargetCondition: 1, gainsPerYear: [1, p.gain] },
        services: [
          biodiversityService(`${p.id}-bio`, {
            status: p.certified ? 'Certified' : 'PendingCertification',
            distinctiveness: p.distinctiveness,
          }),
          ...(p.nutrient
            ? [
                nutrientService(
                  `${p.id}-n`,
                  Object.fromEntries(
                    Object.entries(p.nutrient).map(([year, units]) => [Number(year), units]),
                  ),
                  { mitigationDuration: p.duration },
                ),
              ]
            : []),
        ],
      }),
    );
  const requirement = fc
    .record({
      id: fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6'),
      nutrient: fc.boolean(),
      ongoing: fc.float({ min: 0, max: 30, noNaN: true }),
      additional: fc.float({ min: 0, max: 30, noNaN: true }),
      alternative: fc.boolean(),
      units: fc.float({ min: 0, max: 30, noNaN: true }),
      distinctiveness,
      group: fc.option(fc.constantFrom({ id: 'h1', name: 'H1' }, { id: 'h2', name: 'H2' })),
      hasBid: fc.boolean(),
    })
    .map((r) => {
      const bidValue = r.hasBid
        ? { bid: 5000, acceptOngoingOnly: r.alternative, bidOngoingOnly: r.alternative ? 3000 : null }
        : null;
      if (r.nutrient)
        return nutrientRequirement(
          r.id,
          { ongoing: r.ongoing, additional: r.additional },
          { bid: bidValue, group: r.group },
        );
      const base = biodiversityRequirement(r.id);
      return biodiversityRequirement(r.id, {
        bid: bidValue,
        group: r.group,
        buyerCredits: base.buyerCredits && {
          ...base.buyerCredits,
          bioUnits: r.units,
          bioDistinctiveness: r.distinctiveness,
        },
      });
    });
  const reserve = fc.option(
    fc.record({
      percentage: fc.integer({ min: 1, max: 50 }),
      appliesTo: fc.constantFrom('supply', 'allDemand', 'ongoingDemand') as fc.Arbitrary<
        'supply' | 'allDemand' | 'ongoingDemand'
      >,
    }),
  );

  it('always gives an instance the engine accepts, with every record either in it or left out with a reason', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(project, { selector: (p) => p.id, maxLength: 6 }),
        fc.uniqueArray(requirement, { selector: (r) => r.id, maxLength: 6 }),
        reserve,
        (projects, requirements, roundReserve) => {
          const built = buildInstance(
            matchRound({ reserve: roundReserve }),
            projects,
            requirements,
            lpaAdjacency,
          );
          expect(parseInstance(built.instance)).toEqual(built.instance);
          const inside = new Set(built.instance.projects.map((p) => p.id));
          const outside = new Set(built.leftOut.filter((l) => l.kind === 'project').map((l) => l.id));
          for (const p of projects) expect(inside.has(p.id) !== outside.has(p.id)).toBe(true);
          const entered = new Set(Object.values(built.requirements).map((m) => m.requirementId));
          const left = new Set(built.leftOut.filter((l) => l.kind === 'requirement').map((l) => l.id));
          for (const r of requirements) expect(entered.has(r.id) !== left.has(r.id)).toBe(true);
          for (const l of built.leftOut) expect(l.reason.length).toBeGreaterThan(10);
        },
      ),
      { numRuns: 300 },
    );
  });
});
