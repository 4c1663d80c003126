import { describe, expect, it } from 'vitest';
import { clearRound } from '../src/clear.ts';
import { generateRound } from '../src/generator/generate.ts';
import { parseInstance } from '../src/instance.schema.ts';
import { buildComponentModel } from '../src/model/build.ts';
import { prepareRound } from '../src/model/prepare.ts';
import { SolverPool } from '../src/solver/pool.ts';
import type { SolveRequest } from '../src/solver/protocol.ts';
import { loadHighs } from '../src/solver/runtime.ts';
import { PROVER } from '../src/solver/settings.ts';
import { localSearchStart } from '../src/solver/starts.ts';
import { bio, need, project, round } from './fixtures.ts';

const highs = await loadHighs();

type Column = { cost: number; upper: number; integer?: boolean };
type Row = { lower: number; upper: number; terms: [number, number][] };

/** A maximisation as a solver request, with the given on/off switches (none of them rivals). */
function request(columns: Column[], rows: Row[], switches: number[][]): SolveRequest {
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const row of rows) {
    for (const [col, value] of row.terms) {
      indices.push(col);
      values.push(value);
    }
    starts.push(indices.length);
  }
  return {
    id: 0,
    numCols: columns.length,
    numRows: rows.length,
    colCost: Float64Array.from(columns.map((c) => c.cost)),
    colLower: new Float64Array(columns.length),
    colUpper: Float64Array.from(columns.map((c) => c.upper)),
    integrality: Int32Array.from(columns.map((c) => (c.integer ? 1 : 0))),
    rowLower: Float64Array.from(rows.map((r) => r.lower)),
    rowUpper: Float64Array.from(rows.map((r) => r.upper)),
    starts: Int32Array.from(starts),
    indices: Int32Array.from(indices),
    values: Float64Array.from(values),
    timeLimitSeconds: 10,
    absoluteGap: 1,
    presolve: 'on',
    heuristicEffort: 0,
    subMipHeuristics: false,
    randomSeed: 0,
    start: 'local-search',
    startShare: 1,
    startMaxSeconds: 5,
    switches: {
      starts: Int32Array.from([0, ...switches.map((_, s) => switches.slice(0, s + 1).flat().length)]),
      columns: Int32Array.from(switches.flat()),
      rivalStarts: new Int32Array(switches.length + 1),
      rivals: new Int32Array(0),
    },
    warmStart: { indices: new Int32Array(0), values: new Float64Array(0) },
    exchange: null,
    adoptShared: true,
  };
}

const NONE = Number.NEGATIVE_INFINITY;

/** The largest part of a generated round as a prover's request. */
function largestPart(shape: { projects: number; requirements: number; seed: number }): SolveRequest {
  const round = prepareRound(parseInstance(generateRound(shape)));
  const models = round.components.map((component) => buildComponentModel(round, component));
  const model = models.reduce((x, y) => (y.numCols > x.numCols ? y : x));
  const { kind, a, b, t, wonColumn, fillColumn, chosenColumn, tieBreakBudget, ...arrays } = model;
  return {
    id: 0,
    ...arrays,
    timeLimitSeconds: 60,
    absoluteGap: 1,
    ...PROVER,
    warmStart: { indices: new Int32Array(0), values: new Float64Array(0) },
    exchange: null,
  };
}

describe('the local-search start', () => {
  it('switches on a project the rounded relaxation leaves out', () => {
    // A project (offer 400, 20 units) and a requirement for 10 units bidding 1,000: the relaxation
    // opens half the project (won 0.5), which rounds to "lost" and an empty round.
    const model = request(
      [
        { cost: -400, upper: 1, integer: true },
        { cost: 0, upper: 20 },
        { cost: 1000, upper: 1 },
      ],
      [
        {
          lower: 0,
          upper: 0,
          terms: [
            [1, 1],
            [2, -10],
          ],
        },
        {
          lower: NONE,
          upper: 0,
          terms: [
            [1, 1],
            [0, -20],
          ],
        },
      ],
      [[0]],
    );
    const bounds: number[] = [];
    const start = localSearchStart(highs, model, 5, (bound) => bounds.push(bound));
    expect(bounds).toEqual([800]);
    expect(start?.objective).toBeCloseTo(600, 6);
    expect(start?.colValue[0]).toBeCloseTo(1, 9);
  });

  it('switches the projects of an AND group together', () => {
    // Two projects that win only together (10 units and offer 150 each), a requirement for 10 units:
    // either switched alone breaks the group, so only the pair's move is feasible.
    const model = request(
      [
        { cost: -150, upper: 1, integer: true },
        { cost: -150, upper: 1, integer: true },
        { cost: 0, upper: 10 },
        { cost: 0, upper: 10 },
        { cost: 1000, upper: 1 },
      ],
      [
        {
          lower: 0,
          upper: 0,
          terms: [
            [2, 1],
            [3, 1],
            [4, -10],
          ],
        },
        {
          lower: NONE,
          upper: 0,
          terms: [
            [2, 1],
            [0, -10],
          ],
        },
        {
          lower: NONE,
          upper: 0,
          terms: [
            [3, 1],
            [1, -10],
          ],
        },
        {
          lower: 0,
          upper: 0,
          terms: [
            [0, 1],
            [1, -1],
          ],
        },
      ],
      [[0, 1]],
    );
    const start = localSearchStart(highs, model, 5, () => undefined);
    expect(start?.objective).toBeCloseTo(700, 6);
    expect(Array.from(start?.colValue.subarray(0, 2) ?? [])).toEqual([1, 1]);
  });
});

describe('swaps in local markets', () => {
  it('make projects selling into a common class rivals, and only those', () => {
    // P1 and P2 sell grassland in L1; P3 sells river units, which no area requirement takes.
    const river = { module: 'River' as const, habitatType: 'Ditches', broadHabitat: '' };
    const prepared = prepareRound(
      parseInstance(
        round(
          [project('P1', 100, [bio(10)]), project('P2', 120, [bio(12)]), project('P3', 90, [bio(8, river)])],
          [need('R1', 5000, 8), need('R2', 4000, 6, river)],
        ),
      ),
    );
    const rivals = prepared.components.map((component) => {
      const { switches } = buildComponentModel(prepared, component);
      return Array.from({ length: switches.starts.length - 1 }, (_, s) =>
        Array.from(switches.rivals.subarray(switches.rivalStarts[s], switches.rivalStarts[s + 1])),
      );
    });
    expect(rivals.find((list) => list.length === 2)).toEqual([[1], [0]]);
    expect(rivals.filter((list) => list.length === 1)).toEqual([[[]]]);
  });

  it('lift the start where the moves alone stop short', () => {
    // On the largest part of this generated round the moves stop at a local optimum; a project the
    // relaxation opens in part, switched on in place of a rival, gains.
    const part = largestPart({ projects: 100, requirements: 400, seed: 3 });
    const withoutSwaps = localSearchStart(highs, part, 60, () => undefined, { swaps: false });
    const withSwaps = localSearchStart(highs, part, 60, () => undefined);
    expect(withSwaps?.objective ?? 0).toBeGreaterThan((withoutSwaps?.objective ?? 0) + 100);
  });
});

describe('the completing MIP', () => {
  it('settles the fractional requirements first, then finds a better set of whole ones', () => {
    // One project (10 units, offer 100) and three indivisible requirements: A 6 units bidding 600,
    // B 6 units bidding 540, C 4 units bidding 300. The LP meets A and two thirds of B (860); kept to
    // A, the first MIP can add neither B (12 units) nor C, which the LP left out (500); the whole MIP,
    // started from that, meets A and C (800).
    const model = request(
      [
        { cost: -100, upper: 1, integer: true },
        { cost: 0, upper: 10 },
        { cost: 600, upper: 1, integer: true },
        { cost: 540, upper: 1, integer: true },
        { cost: 300, upper: 1, integer: true },
      ],
      [
        {
          lower: 0,
          upper: 0,
          terms: [
            [1, 1],
            [2, -6],
            [3, -6],
            [4, -4],
          ],
        },
        {
          lower: NONE,
          upper: 0,
          terms: [
            [1, 1],
            [0, -10],
          ],
        },
      ],
      [[0]],
    );
    const bounds: number[] = [];
    const start = localSearchStart(highs, model, 5, (bound) => bounds.push(bound));
    expect(bounds[0]).toBeCloseTo(860, 6);
    expect(start?.objective).toBeCloseTo(800, 6);
    expect(Array.from(start?.colValue.subarray(2) ?? []).map(Math.round)).toEqual([1, 0, 1]);
  });
});

describe('racing threads on the largest part', () => {
  it('prove the same optimum as one thread alone', async () => {
    const instance = generateRound({ projects: 200, requirements: 800, seed: 3 });
    const pool = new SolverPool(2);
    try {
      const raced = await clearRound(instance, { pool, threads: 2, timeLimitSeconds: 60 });
      const alone = await clearRound(instance, { pool, threads: 1, timeLimitSeconds: 60 });
      expect(raced.status).toBe('Optimal');
      expect(alone.status).toBe('Optimal');
      expect(Math.abs(raced.surplus - alone.surplus)).toBeLessThanOrEqual(1);
    } finally {
      await pool.close();
    }
  });
});
