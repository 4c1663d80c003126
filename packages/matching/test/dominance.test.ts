import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResult } from '../src/check.ts';
import { clearRound } from '../src/clear.ts';
import { generateRound } from '../src/generator/generate.ts';
import { parseInstance } from '../src/instance.schema.ts';
import { buildComponentModel } from '../src/model/build.ts';
import { respectDominance } from '../src/model/dominance.ts';
import { prepareRound } from '../src/model/prepare.ts';
import { SolverPool } from '../src/solver/pool.ts';
import { bio, need, needN, nitrogen, project, round } from './fixtures.ts';

const pool = new SolverPool(2);
afterAll(() => pool.close());

const largestModel = (instance: unknown, dominance: boolean) => {
  const prepared = prepareRound(parseInstance(instance));
  const models = prepared.components.map((c) => buildComponentModel(prepared, c, { dominance }));
  return { prepared, models };
};

describe('dominance between indivisible requirements of a class', () => {
  it('links a smaller, higher bid to a larger, lower one, and leaves divisible and grouped requirements alone', () => {
    const instance = round(
      [project('P1', 100, [bio(10)])],
      [
        need('R1', 900, 3, { divisible: false }),
        need('R2', 800, 4, { divisible: false }),
        need('R3', 1000, 5, { divisible: false }),
        need('R4', 700, 6, { divisible: true }),
        need('R5', 500, 6, { divisible: false, group: { id: 'X', type: 'XOR' } }),
        need('R6', 900, 3, { divisible: false }),
      ],
    );
    const { prepared, models } = largestModel(instance, true);
    const id = (r: number) => prepared.requirements[r]?.id;
    const pairs = models.flatMap((m) => m.dominance.map(({ better, worse }) => `${id(better)}>${id(worse)}`));
    // R1 and R6 are equal (R1 first); R1 > R6 > R2 (covering pairs only); R3 needs more than R2: no dominance.
    expect(pairs.sort()).toEqual(['R1>R6', 'R6>R2']);
    expect(largestModel(instance, false).models.flatMap((m) => m.dominance)).toEqual([]);
  });

  it('links requirements of different classes where one class reaches every credit the other reaches', () => {
    const low = { distinctiveness: 'Low' as const, habitatType: 'Modified grassland' };
    const instance = round(
      [project('P1', 100, [bio(10)]), project('P2', 100, [bio(10, low)])],
      [
        // Low at L1 reaches P1 and P2; Medium grassland at L1 only P1; Low local-only at L1 both, at 1 only.
        need('RL', 900, 3, { divisible: false, ...low }),
        need('RM', 800, 3, { divisible: false }),
        need('RM2', 950, 3, { divisible: false }),
        need('RLoc', 850, 3, { divisible: false, localOnly: true, ...low }),
      ],
    );
    const { prepared, models } = largestModel(instance, true);
    const id = (r: number) => prepared.requirements[r]?.id;
    const pairs = models.flatMap((m) => m.dominance.map(({ better, worse }) => `${id(better)}>${id(worse)}`));
    // RM2 never dominates RL (Medium reaches less than Low), whatever its bid.
    expect(pairs.sort()).toEqual(['RL>RLoc', 'RLoc>RM', 'RM2>RM']);
  });

  it('needs at most as much in every year (nutrients)', () => {
    const instance = round(
      [project('P1', 100, [nitrogen([10])])],
      [
        needN('N1', 900, [2, 5, 5, 5], { divisible: false }),
        needN('N2', 800, [3, 4, 5, 5], { divisible: false }),
        needN('N3', 700, [3, 5, 5, 5], { divisible: false }),
      ],
    );
    const { prepared, models } = largestModel(instance, true);
    const id = (r: number) => prepared.requirements[r]?.id;
    const pairs = models.flatMap((m) => m.dominance.map(({ better, worse }) => `${id(better)}>${id(worse)}`));
    expect(pairs.sort()).toEqual(['N1>N3', 'N2>N3']);
  });

  it('repairs a start that meets a dominated requirement and not its dominator', () => {
    const fill = [0, 1, 1, 0];
    respectDominance(
      [
        { better: 0, worse: 1 },
        { better: 1, worse: 2 },
      ],
      fill,
    );
    expect(fill).toEqual([1, 1, 0, 0]);
  });

  it('gives the same optimum as the model without it on random small rounds', async () => {
    // Many indivisible requirements of one class (small whole units, few bid levels: many dominances and ties),
    // a few projects near and far.
    const habitat = fc.constantFrom(
      {},
      { distinctiveness: 'Low' as const, broadHabitat: 'Grassland', habitatType: 'Modified grassland' },
    );
    const tiny = fc.record({
      projects: fc.array(
        fc.record({
          units: fc.integer({ min: 1, max: 9 }),
          offer: fc.integer({ min: 1, max: 40 }),
          lpa: fc.constantFrom('L1', 'L2', 'L3'),
          habitat,
        }),
        { minLength: 1, maxLength: 5 },
      ),
      requirements: fc.array(
        fc.record({
          units: fc.integer({ min: 1, max: 5 }),
          bid: fc.constantFrom(5, 10, 15, 20, 30),
          divisible: fc.boolean(),
          lpa: fc.constantFrom('L1', 'L2'),
          low: fc.boolean(),
        }),
        { minLength: 2, maxLength: 12 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(tiny, async (shape) => {
        const instance = round(
          shape.projects.map((p, i) =>
            project(`P${i + 1}`, p.offer, [bio(p.units, p.habitat)], { lpa: p.lpa, nca: 'N9' }),
          ),
          shape.requirements.map((r, i) =>
            need(`R${i + 1}`, r.bid, r.units, {
              divisible: r.divisible,
              lpa: r.lpa,
              ...(r.low ? { distinctiveness: 'Low' as const, habitatType: 'Modified grassland' } : {}),
            }),
          ),
        );
        const reduced = await clearRound(instance, { pool, timeLimitSeconds: 20, dominance: true });
        const full = await clearRound(instance, { pool, timeLimitSeconds: 20 });
        expect(reduced.status).toBe('Optimal');
        expect(full.status).toBe('Optimal');
        // Both are proven to within the engine's absolute gap (1 GBP), and their flows are rounded to hundredths.
        expect(Math.abs(reduced.surplus - full.surplus)).toBeLessThanOrEqual(1);
        expect(checkResult(instance, reduced)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same optimum on a generated connected round', async () => {
    const instance = generateRound({ projects: 40, requirements: 160, seed: 5, profile: 'connected' });
    const withRows = largestModel(instance, true).models.reduce((sum, m) => sum + m.dominance.length, 0);
    expect(withRows).toBeGreaterThan(0);
    const reduced = await clearRound(instance, { pool, timeLimitSeconds: 30, dominance: true });
    const full = await clearRound(instance, { pool, timeLimitSeconds: 30 });
    expect(reduced.status).toBe('Optimal');
    expect(full.status).toBe('Optimal');
    expect(Math.abs(reduced.surplus - full.surplus)).toBeLessThanOrEqual(1);
  });
});
