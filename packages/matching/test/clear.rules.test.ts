import { afterAll, describe, expect, it } from 'vitest';
import { clearRound } from '../src/clear.ts';
import type { Instance } from '../src/instance.schema.ts';
import { REASONS } from '../src/reasons.ts';
import type { ClearingResult } from '../src/result.schema.ts';
import { SolverPool } from '../src/solver/pool.ts';
import { bio, need, needN, nitrogen, project, round } from './fixtures.ts';

const pool = new SolverPool(1);
afterAll(() => pool.close());
const clear = (instance: Instance) => clearRound(instance, { pool, timeLimitSeconds: 30 });
const fills = (result: ClearingResult) => Object.fromEntries(result.requirements.map((r) => [r.id, r.fill]));
const winners = (result: ClearingResult) => result.projects.filter((p) => p.won).map((p) => p.id);
const units = (result: ClearingResult, projectId: string) =>
  result.flows.filter((f) => f.project === projectId).reduce((sum, f) => sum + f.units, 0);

describe('hand-checked rounds, one per rule', () => {
  it('VeryHigh and High need the same habitat: a cheaper other habitat loses', async () => {
    const meadow = { habitatType: 'Lowland meadows', distinctiveness: 'VeryHigh' } as const;
    const result = await clear(
      round(
        [
          project('P1', 50_000, [bio(10, meadow)]),
          project('P2', 10_000, [
            bio(10, { habitatType: 'Upland hay meadows', distinctiveness: 'VeryHigh' }),
          ]),
        ],
        [need('R1', 90_000, 3, meadow)],
      ),
    );
    expect(winners(result)).toEqual(['P1']);
    expect(result.surplus).toBe(40_000);
    expect(result.projects[1]?.reason).toBe(REASONS.noDemand);
  });

  it('Medium takes a higher band of another broad habitat, Low takes anything at Low or above', async () => {
    const wet = bio(10, {
      broadHabitat: 'Woodland and forest',
      habitatType: 'Wet woodland',
      distinctiveness: 'High',
    });
    const result = await clear(
      round(
        [project('P1', 20_000, [wet])],
        [
          need('R1', 40_000, 3),
          need('R2', 30_000, 3, { distinctiveness: 'Low', habitatType: 'Modified grassland' }),
        ],
      ),
    );
    expect(fills(result)).toEqual({ R1: 1, R2: 1 });
    expect(result.surplus).toBe(50_000);
  });

  it('modules never substitute: an area credit cannot serve a hedgerow', async () => {
    const hedge = {
      module: 'Linear',
      broadHabitat: '',
      habitatType: 'Native hedgerow',
      distinctiveness: 'Low',
    } as const;
    const result = await clear(round([project('P1', 1_000, [bio(10)])], [need('R1', 50_000, 1, hedge)]));
    expect(fills(result)).toEqual({ R1: 0 });
    expect(result.requirements[0]?.reason).toBe(REASONS.noSupply);
  });

  it.each([
    ['same LPA or NCA counts 1 to 1', { lpa: 'L9', nca: 'N1' }, 3],
    ['a neighbouring LPA counts 0.75', { lpa: 'L2', nca: 'N9' }, 4],
    ['elsewhere counts 0.5', { lpa: 'L8', nca: 'N8' }, 6],
  ])('spatial multiplier: %s', async (_label, where, supplied) => {
    const result = await clear(round([project('P1', 10_000, [bio(10)], where)], [need('R1', 40_000, 3)]));
    expect(fills(result)).toEqual({ R1: 1 });
    expect(units(result, 'P1')).toBeCloseTo(supplied, 2);
  });

  it('a local-only requirement refuses a neighbouring project', async () => {
    const result = await clear(
      round(
        [project('P1', 1_000, [bio(10)], { lpa: 'L2', nca: 'N2' })],
        [need('R1', 40_000, 3, { localOnly: true })],
      ),
    );
    expect(fills(result)).toEqual({ R1: 0 });
    expect(result.requirements[0]?.reason).toBe(REASONS.noSupplyLocal);
  });

  it('nutrients trade only inside their subcatchment', async () => {
    const result = await clear(
      round(
        [
          project('P1', 1_000, [nitrogen([10])], { subcatchment: 'S2' }),
          project('P2', 5_000, [nitrogen([10])]),
        ],
        [needN('R1', 20_000, [2, 2, 2, 2])],
      ),
    );
    expect(winners(result)).toEqual(['P2']);
    expect(result.projects[0]?.reason).toBe(REASONS.noDemand);
  });

  it('short-term credits serve only their years; permanent ones serve every year', async () => {
    const shortTerm = project('P1', 1_000, [nitrogen([5, 5, 0, 0], { permanent: false })]);
    const alone = await clear(round([shortTerm], [needN('R1', 20_000, [2, 2, 2, 2], { divisible: false })]));
    expect(fills(alone)).toEqual({ R1: 0 });
    const both = await clear(
      round(
        [shortTerm, project('P2', 3_000, [nitrogen([0, 0, 2, 2])])],
        [needN('R1', 20_000, [2, 2, 2, 2], { divisible: false })],
      ),
    );
    expect(fills(both)).toEqual({ R1: 1 });
    expect(winners(both)).toEqual(['P1', 'P2']);
    expect(both.surplus).toBe(16_000);
  });

  it('an ongoing-only requirement is served by permanent credits only', async () => {
    const result = await clear(
      round(
        [
          project('P1', 1_000, [nitrogen([5, 5, 5, 5], { permanent: false })]),
          project('P2', 4_000, [nitrogen([5])]),
        ],
        [needN('R1', 20_000, [2, 2, 2, 2], { ongoingOnly: true })],
      ),
    );
    expect(winners(result)).toEqual(['P2']);
  });

  it('the reserve is never sold', async () => {
    const result = await clear(
      round([project('P1', 1_000, [bio(10)])], [need('R1', 90_000, 9)], { reservePercent: 20 }),
    );
    expect(fills(result).R1).toBeCloseTo(8 / 9, 5);
    expect(units(result, 'P1')).toBeCloseTo(8, 2);
  });

  it('a credit sells whole hundredths: the part of a hundredth beyond them is never planned or listed', async () => {
    // P1 has 10.0049 units and P2 5.0049: they sell 10.00 and 5.00, so R2 (5.0098) is met to 5 / 5.0098.
    const result = await clear(
      round(
        [project('P1', 1_000, [bio(10.0049)]), project('P2', 1_000, [bio(5.0049)])],
        [need('R1', 90_000, 10), need('R2', 45_000, 5.0098)],
      ),
    );
    expect(fills(result).R1).toBe(1);
    expect(fills(result).R2).toBeCloseTo(5 / 5.0098, 6);
    const toR2 = result.flows.filter((f) => f.requirement === 'R2');
    expect(toR2).toEqual([{ project: 'P2', credit: 0, requirement: 'R2', year: 0, units: 5 }]);
    expect(result.flows.every((f) => f.units >= 0.01)).toBe(true);
  });

  it('a requirement whose whole share is a sliver is not met, so no payment leaves its cluster', async () => {
    // R1 takes 10 of P1's 10.004 units; the 0.004 left would fill R2 by 0.08 %, all of it a sliver.
    const result = await clear(
      round([project('P1', 1_000, [bio(10.004)])], [need('R1', 90_000, 10), need('R2', 40_000, 5)]),
    );
    expect(fills(result)).toEqual({ R1: 1, R2: 0 });
    expect(result.flows.map((f) => f.requirement)).toEqual(['R1']);
    expect(result.requirements[1]?.pays).toBe(0);
    expect(result.requirements[1]?.reason).not.toBeNull();
  });

  it('divisible requirements fill partly, indivisible ones wholly or not at all', async () => {
    const supply = [project('P1', 1_000, [bio(5)])];
    const divisible = await clear(round(supply, [need('R1', 80_000, 8)]));
    expect(fills(divisible).R1).toBeCloseTo(0.625, 6);
    // All the supply there was went to R1.
    expect(divisible.requirements[0]?.reason).toBe(REASONS.partlySoldOut('62.5'));
    const indivisible = await clear(round(supply, [need('R1', 80_000, 8, { divisible: false })]));
    expect(fills(indivisible)).toEqual({ R1: 0 });
  });

  it('a part-filled requirement hears whether more supply was left at a higher price or none was', async () => {
    // P2 has the 3 units R1 still needs, but its offer is above the 30,000 left of R1's bid for them.
    const dear = await clear(
      round([project('P1', 1_000, [bio(5)]), project('P2', 100_000, [bio(5)])], [need('R1', 80_000, 8)]),
    );
    expect(fills(dear).R1).toBeCloseTo(0.625, 6);
    expect(dear.requirements[0]?.reason).toBe(REASONS.partly('62.5'));
    // With P2 cheap enough, R1 is met in full and there is no reason.
    const cheap = await clear(
      round([project('P1', 1_000, [bio(5)]), project('P2', 2_000, [bio(5)])], [need('R1', 80_000, 8)]),
    );
    expect(fills(cheap)).toEqual({ R1: 1 });
    expect(cheap.requirements[0]?.reason).toBeNull();
    // A second requirement that takes P1's units first leaves R1 what is left of it, and no more exists.
    const shared = await clear(
      round([project('P1', 1_000, [bio(10)])], [need('R1', 80_000, 8), need('R2', 90_000, 4)]),
    );
    expect(fills(shared)).toEqual({ R1: 0.75, R2: 1 });
    expect(shared.requirements[0]?.reason).toBe(REASONS.partlySoldOut('75'));
  });

  it('XOR projects: at most one wins, the better one', async () => {
    const group = { id: 'G1', type: 'XOR' } as const;
    const result = await clear(
      round(
        [project('P1', 30_000, [bio(10)], { group }), project('P2', 20_000, [bio(10)], { group })],
        [need('R1', 50_000, 5), need('R2', 50_000, 5)],
      ),
    );
    expect(winners(result)).toEqual(['P2']);
    expect(result.projects[0]?.reason).toBe(REASONS.xorProject('G1'));
  });

  it('AND projects: all win or none', async () => {
    const group = { id: 'G1', type: 'AND' } as const;
    const pair = [
      project('P1', 10_000, [bio(10)], { group }),
      project('P2', 30_000, [bio(1, { module: 'River', habitatType: 'Ditches', broadHabitat: '' })], {
        group,
      }),
    ];
    const covered = await clear(round(pair, [need('R1', 50_000, 5)]));
    expect(winners(covered)).toEqual(['P1', 'P2']);
    const notCovered = await clear(round(pair, [need('R1', 35_000, 5)]));
    expect(winners(notCovered)).toEqual([]);
    expect(notCovered.projects[0]?.reason).toBe(REASONS.andProjectNoDemand('G1', 'P2'));
  });

  it('XOR requirements: at most one is met, the higher bid', async () => {
    const group = { id: 'H1', type: 'XOR' } as const;
    const result = await clear(
      round(
        [project('P1', 10_000, [bio(10)])],
        [need('R1', 40_000, 3, { group }), need('R2', 45_000, 3, { group })],
      ),
    );
    expect(fills(result)).toEqual({ R1: 0, R2: 1 });
    expect(result.requirements[0]?.reason).toBe(REASONS.xorRequirement('H1'));
  });

  it('AND requirements: a partner without supply stops the group', async () => {
    const group = { id: 'H1', type: 'AND' } as const;
    const result = await clear(
      round(
        [project('P1', 10_000, [bio(10)])],
        [
          need('R1', 40_000, 3, { group }),
          need('R2', 45_000, 3, {
            group,
            module: 'Linear',
            habitatType: 'Native hedgerow',
            broadHabitat: '',
            distinctiveness: 'Low',
          }),
        ],
      ),
    );
    expect(fills(result)).toEqual({ R1: 0, R2: 0 });
    expect(result.requirements[0]?.reason).toBe(REASONS.andRequirementNoSupply('H1', 'R2'));
  });

  it('a bid below the cost of supply is explained, and the project says why it lost', async () => {
    const result = await clear(
      round(
        [project('P1', 60_000, [bio(10)])],
        [need('R1', 50_000, 5), need('R2', 15_000, 20, { divisible: false })],
      ),
    );
    expect(winners(result)).toEqual([]);
    expect(result.requirements[0]?.reason).toBe(REASONS.bidTooLow('£50,000'));
    expect(result.projects[0]?.reason).toBe(REASONS.offerTooHigh('£60,000'));
  });

  it('a project whose offer exceeds every bid it could serve is pruned, and says so', async () => {
    const result = await clear(
      round([project('P1', 60_000, [bio(10)])], [need('R1', 50_000, 5), need('R2', 5_000, 1)]),
    );
    expect(result.projects[0]?.reason).toBe(REASONS.pruned('£60,000'));
  });

  it('pays the k-split: buyers get k of the surplus, sellers the rest, nothing above a bid', async () => {
    const result = await clear(
      round([project('P1', 60_000, [bio(10)])], [need('R1', 50_000, 5), need('R2', 30_000, 5)], {
        buyerShareOfSurplus: 0.25,
      }),
    );
    expect(result.surplus).toBe(20_000);
    expect(result.projects[0]?.receives).toBe(75_000);
    expect(result.requirements.map((r) => r.pays)).toEqual([46_875, 28_125]);
  });
});
