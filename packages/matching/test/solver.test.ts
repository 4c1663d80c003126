import type { Highs } from 'highs';
import { afterAll, describe, expect, it } from 'vitest';
import { createExchange, offerIncumbent, takeIncumbent } from '../src/solver/exchange.ts';
import { SolverPool } from '../src/solver/pool.ts';
import type { SolveRequest } from '../src/solver/protocol.ts';
import { loadHighs } from '../src/solver/runtime.ts';
import { createModel } from '../src/solver/starts.ts';

/** A 0-1 knapsack (maximise value, one weight row) and a feasible answer that is not trivial to find. */
function knapsack(items: number) {
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const weight = Array.from({ length: items }, () => 10 + Math.floor(next() * 90));
  const value = weight.map((w) => Math.round(w * (0.8 + next() * 0.4)));
  const capacity = Math.floor(weight.reduce((s, w) => s + w, 0) / 3);
  // Greedy by value per weight: a good answer HiGHS's trivial heuristics do not find.
  const order = [...weight.keys()].sort(
    (a, b) => (value[b] ?? 0) / (weight[b] ?? 1) - (value[a] ?? 0) / (weight[a] ?? 1),
  );
  const greedy = new Float64Array(items);
  let left = capacity;
  for (const i of order) {
    if ((weight[i] ?? 0) <= left) {
      greedy[i] = 1;
      left -= weight[i] ?? 0;
    }
  }
  const objective = greedy.reduce((s, x, i) => s + x * (value[i] ?? 0), 0);
  return { weight, value, capacity, greedy, objective };
}

/** The knapsack as a solver request. */
function knapsackRequest(
  weight: number[],
  value: number[],
  capacity: number,
  exchange: SharedArrayBuffer | null,
): SolveRequest {
  return {
    id: 1,
    numCols: weight.length,
    numRows: 1,
    colCost: Float64Array.from(value),
    colLower: new Float64Array(weight.length),
    colUpper: new Float64Array(weight.length).fill(1),
    integrality: new Int32Array(weight.length).fill(1),
    rowLower: Float64Array.from([Number.NEGATIVE_INFINITY]),
    rowUpper: Float64Array.from([capacity]),
    starts: Int32Array.from([0, weight.length]),
    indices: Int32Array.from(weight.keys()),
    values: Float64Array.from(weight),
    timeLimitSeconds: 0,
    absoluteGap: 1e-6,
    presolve: 'on',
    heuristicEffort: 0.05,
    subMipHeuristics: true,
    randomSeed: 0,
    start: 'none',
    startShare: 0,
    startMaxSeconds: 0,
    switches: {
      starts: Int32Array.from([0]),
      columns: new Int32Array(0),
      rivalStarts: Int32Array.from([0]),
      rivals: new Int32Array(0),
    },
    warmStart: { indices: new Int32Array(0), values: new Float64Array(0) },
    exchange,
    adoptShared: true,
  };
}

describe('the incumbent exchange', () => {
  it('keeps only improvements and tells a reader what is new', () => {
    const exchange = createExchange(3);
    expect(takeIncumbent(exchange, 0)).toBeNull();
    expect(offerIncumbent(exchange, 10, Float64Array.from([1, 0, 1]))).toBe(true);
    const first = takeIncumbent(exchange, 0);
    expect(first).toEqual({ sequence: 1, objective: 10, colValue: Float64Array.from([1, 0, 1]) });
    expect(takeIncumbent(exchange, 1)).toBeNull();
    expect(offerIncumbent(exchange, 9, Float64Array.from([0, 0, 1]))).toBe(false);
    expect(offerIncumbent(exchange, 10, Float64Array.from([0, 1, 1]))).toBe(false);
    expect(offerIncumbent(exchange, 12, Float64Array.from([0, 1, 1]))).toBe(true);
    expect(takeIncumbent(exchange, 1)).toEqual({
      sequence: 2,
      objective: 12,
      colValue: Float64Array.from([0, 1, 1]),
    });
  });

  it('a reader that meets a write in progress drops it and sees it complete later', () => {
    const exchange = createExchange(2);
    offerIncumbent(exchange, 5, Float64Array.from([1, 1]));
    const counter = new Int32Array(exchange, 0, 1);
    Atomics.add(counter, 0, 1); // a write has begun
    expect(takeIncumbent(exchange, 0)).toBeNull();
    Atomics.add(counter, 0, 1); // and ended
    expect(takeIncumbent(exchange, 0)?.sequence).toBe(2);
  });
});

/**
 * The knapsack as a HiGHS model (through `createModel`) with the heuristics that would find the greedy
 * answer unaided switched off, and that answer.
 */
function knapsackModel(highs: Highs, options: { negated: boolean }) {
  const { weight, value, capacity, greedy, objective } = knapsack(300);
  const request = knapsackRequest(weight, value, capacity, null);
  const model = createModel(
    highs,
    request,
    { colLower: request.colLower, colUpper: request.colUpper, integrality: request.integrality },
    options,
  );
  model.options.set({
    output_flag: false,
    presolve: 'off',
    mip_heuristic_effort: 0,
    mip_heuristic_run_feasibility_jump: false,
  });
  return { model, greedy, objective };
}

describe('HiGHS runtime', () => {
  it('adopts a solution handed in from the user-solution callback', async () => {
    const highs = await loadHighs();
    const { model, greedy, objective } = knapsackModel(highs, { negated: false });
    try {
      const held: number[] = [];
      model.run({
        [highs.constants.callbackType.mipUserSolution](event) {
          held.push(event.data.mip_primal_bound ?? Number.NEGATIVE_INFINITY);
          if (held.length === 1) event.setSolution(greedy);
        },
        [highs.constants.callbackType.mipInterrupt](event) {
          if (held.length >= 2) event.interrupt();
        },
      });
      expect(held.length).toBeGreaterThanOrEqual(2);
      expect(held[0] ?? 0).toBeLessThan(objective);
      // At the next checkpoint HiGHS holds at least the answer handed in.
      expect(held[1]).toBeGreaterThanOrEqual(objective - 1e-6);
    } finally {
      model.dispose();
    }
  });

  it('adopts a better answer handed in while it holds one of its own (the model is negated)', async () => {
    const highs = await loadHighs();
    const { model, greedy, objective } = knapsackModel(highs, { negated: true });
    try {
      // Surplus held at each checkpoint (the model minimises its negation).
      const held: number[] = [];
      let handedAt = -1;
      model.run({
        [highs.constants.callbackType.mipUserSolution](event) {
          const surplus = -(event.data.mip_primal_bound ?? Number.POSITIVE_INFINITY);
          held.push(surplus);
          if (handedAt < 0 && Number.isFinite(surplus) && surplus < objective - 1) {
            handedAt = held.length - 1;
            event.setSolution(greedy);
          }
          return undefined;
        },
        [highs.constants.callbackType.mipInterrupt](event) {
          if (handedAt >= 0 && held.length > handedAt + 1) event.interrupt();
        },
      });
      // HiGHS held an answer of its own, worse than the one handed in, and took the better one up.
      expect(handedAt).toBeGreaterThanOrEqual(0);
      expect(held[handedAt + 1]).toBeGreaterThanOrEqual(objective - 1e-6);
    } finally {
      model.dispose();
    }
  });
});

describe('racing solver threads', () => {
  const pool = new SolverPool(2);
  afterAll(() => pool.close());

  it('what a solving thread finds reaches the exchange its racers read', async () => {
    const { weight, value, capacity } = knapsack(300);
    const exchange = createExchange(weight.length);
    const request = knapsackRequest(weight, value, capacity, exchange);
    const outcome = await pool.solve(request, Date.now() + 10_000, () => undefined);
    expect(outcome.status).toBe('Optimal');
    const shared = takeIncumbent(exchange, 0);
    expect(shared?.objective).toBeCloseTo(outcome.objective ?? Number.NaN, 6);
    const weightUsed = Array.from(shared?.colValue ?? []).reduce(
      (s: number, x: number, i: number) => s + Math.round(x) * (weight[i] ?? 0),
      0,
    );
    expect(weightUsed).toBeLessThanOrEqual(capacity);
  });
});
