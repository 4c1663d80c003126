import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResult } from '../src/check.ts';
import { clearRound, solveBudgetMs } from '../src/clear.ts';
import { generateRound } from '../src/generator/generate.ts';
import type { Instance, Requirement } from '../src/instance.schema.ts';
import { habitatOf, habitatServes, neighboursOf, spatialMultiplier } from '../src/rules/compatibility.ts';
import { SolverPool } from '../src/solver/pool.ts';
import { bio, need, project, round } from './fixtures.ts';

const pool = new SolverPool(2);
afterAll(() => pool.close());

describe('properties', () => {
  it('every generated round clears to a result that passes the independent checker', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        async (seed, projects, years) => {
          const instance = generateRound({ projects, requirements: projects * 3, seed, years });
          const result = await clearRound(instance, { pool, timeLimitSeconds: 20 });
          expect(checkResult(instance, result)).toEqual([]);
          expect(result.surplus).toBeGreaterThanOrEqual(0);
          const again = await clearRound(instance, { pool, timeLimitSeconds: 20 });
          expect({ ...again, seconds: 0 }).toEqual({ ...result, seconds: 0 });
        },
      ),
      { numRuns: 8 },
    );
  });

  it("the engine's 2-decimal flows never sell a hundredth a credit-year lacks nor over-fill a requirement-year", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(0, 12.5, 15, 20),
        async (seed, projects, years, reservePercent) => {
          const instance = {
            ...generateRound({ projects, requirements: projects * 4, seed, years }),
            reservePercent,
          };
          const result = await clearRound(instance, { pool, timeLimitSeconds: 20 });
          const sold = new Map<string, number>();
          const got = new Map<string, number>();
          for (const flow of result.flows) {
            expect(flow.units * 100).toBeCloseTo(Math.round(flow.units * 100), 9);
            const project = instance.projects.find((p) => p.id === flow.project);
            const credit = project?.credits[flow.credit];
            const requirement = instance.requirements.find((r) => r.id === flow.requirement);
            if (!project || !credit || !requirement) throw new Error('A flow names what the round lacks');
            const key = `${flow.project}/${flow.credit}/${flow.year}`;
            sold.set(key, (sold.get(key) ?? 0) + flow.units);
            const m =
              credit.type === 'Biodiversity'
                ? spatialMultiplier(project, requirement, neighboursOf(instance))
                : 1;
            const demand = `${flow.requirement}/${flow.year}`;
            got.set(demand, (got.get(demand) ?? 0) + flow.units * m);
          }
          for (const [key, units] of sold) {
            const [projectId, creditIndex, year] = key.split('/');
            const credit = instance.projects.find((p) => p.id === projectId)?.credits[Number(creditIndex)];
            const listed = credit?.units[Number(year)] ?? credit?.units.at(-1) ?? 0;
            const cap = Math.floor(listed * (100 - reservePercent) + 1e-7) / 100;
            expect(units).toBeLessThanOrEqual(cap + 1e-9);
          }
          for (const line of result.requirements) {
            const requirement = instance.requirements.find((r) => r.id === line.id);
            if (!requirement || line.fill === 0) continue;
            requirement.units.forEach((units, year) => {
              const need = units * line.fill;
              const received = got.get(`${line.id}/${year}`) ?? 0;
              expect(received).toBeLessThanOrEqual(need + 1e-9);
              expect(need - received).toBeLessThanOrEqual(0.01 + 1e-9);
            });
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('on tiny rounds the surplus equals the brute-force optimum', async () => {
    const habitats = [
      { distinctiveness: 'Low', broadHabitat: 'Grassland', habitatType: 'Modified grassland' },
      { distinctiveness: 'Medium', broadHabitat: 'Grassland', habitatType: 'Other neutral grassland' },
      {
        distinctiveness: 'Medium',
        broadHabitat: 'Woodland and forest',
        habitatType: 'Other woodland; mixed',
      },
      { distinctiveness: 'High', broadHabitat: 'Woodland and forest', habitatType: 'Wet woodland' },
    ] as const;
    const group = fc.option(
      fc.record({ id: fc.constantFrom('A', 'B'), type: fc.constantFrom('XOR', 'AND') }),
      { nil: undefined },
    );
    const tiny = fc.record({
      projects: fc.array(
        fc.record({
          h: fc.nat(3),
          units: fc.integer({ min: 1, max: 8 }),
          // A second credit, often serving the same requirements: the model bounds a project's credits together.
          second: fc.option(fc.record({ h: fc.nat(3), units: fc.integer({ min: 1, max: 5 }) }), {
            nil: undefined,
          }),
          offer: fc.integer({ min: 1, max: 60 }),
          group,
        }),
        { minLength: 1, maxLength: 4 },
      ),
      requirements: fc.array(
        fc.record({
          h: fc.nat(3),
          units: fc.integer({ min: 1, max: 6 }),
          bid: fc.integer({ min: 1, max: 60 }),
          group,
        }),
        { minLength: 1, maxLength: 4 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(tiny, async (spec) => {
        const typed = (g: (typeof spec.projects)[number]['group'], side: string) =>
          g ? { id: `${side}${g.id}`, type: g.type } : null;
        const firstType = new Map<string, 'XOR' | 'AND'>();
        const consistent = <T extends { group?: { id: string; type: 'XOR' | 'AND' } | null | undefined }>(
          item: T,
        ): T => {
          if (!item.group) return item;
          const type = firstType.get(item.group.id) ?? item.group.type;
          firstType.set(item.group.id, type);
          return { ...item, group: { ...item.group, type } };
        };
        const instance = round(
          spec.projects.map((p, i) =>
            consistent(
              project(
                `P${i}`,
                p.offer * 1000,
                [
                  bio(p.units, habitats[p.h]),
                  ...(p.second ? [bio(p.second.units, habitats[p.second.h])] : []),
                ],
                { group: typed(p.group, 'G') },
              ),
            ),
          ),
          spec.requirements.map((r, i) =>
            consistent(
              need(`R${i}`, r.bid * 1000, r.units, {
                ...habitats[r.h],
                divisible: false,
                group: typed(r.group, 'H'),
              }),
            ),
          ),
        );
        const result = await clearRound(instance, { pool, timeLimitSeconds: 20 });
        expect(result.surplus).toBeCloseTo(bruteForce(instance), 2);
      }),
      { numRuns: 40 },
    );
  });
});

/** Every admissible set of winners and met requirements; a max-flow decides whether supply meets demand. */
function bruteForce(instance: Instance): number {
  const P = instance.projects.length;
  const R = instance.requirements.length;
  const admissible = (items: { group?: { id: string; type: string } | null }[], mask: number) => {
    const groups = new Map<string, { type: string; on: number; all: number }>();
    items.forEach((item, i) => {
      if (!item.group) return;
      const g = groups.get(item.group.id) ?? { type: item.group.type, on: 0, all: 0 };
      g.all++;
      if (mask & (1 << i)) g.on++;
      groups.set(item.group.id, g);
    });
    return [...groups.values()].every((g) => (g.type === 'XOR' ? g.on <= 1 : g.on === 0 || g.on === g.all));
  };
  let best = 0;
  for (let pm = 0; pm < 1 << P; pm++) {
    if (!admissible(instance.projects, pm)) continue;
    for (let rm = 0; rm < 1 << R; rm++) {
      if (!admissible(instance.requirements, rm)) continue;
      let surplus = 0;
      instance.projects.forEach((p, i) => {
        if (pm & (1 << i)) surplus -= p.offer;
      });
      instance.requirements.forEach((r, i) => {
        if (rm & (1 << i)) surplus += r.bid;
      });
      if (surplus <= best) continue;
      if (supplyMeetsDemand(instance, pm, rm)) best = surplus;
    }
  }
  return best;
}

function supplyMeetsDemand(instance: Instance, pm: number, rm: number): boolean {
  // One node per credit of a winning project, one per met requirement.
  const credits = instance.projects.flatMap((p, i) => (pm & (1 << i) ? p.credits : []));
  const C = credits.length;
  const R = instance.requirements.length;
  const n = C + R + 2;
  const source = C + R;
  const sink = source + 1;
  const cap = new Float64Array(n * n);
  const at = (u: number, v: number) => u * n + v;
  let demand = 0;
  credits.forEach((credit, i) => {
    cap[at(source, i)] = credit.units[0] ?? 0;
  });
  instance.requirements.forEach((r: Requirement, j) => {
    if (!(rm & (1 << j))) return;
    cap[at(C + j, sink)] = r.units[0] ?? 0;
    demand += r.units[0] ?? 0;
    credits.forEach((credit, i) => {
      if (habitatServes(habitatOf(credit), habitatOf(r))) cap[at(i, C + j)] = Number.POSITIVE_INFINITY;
    });
  });
  let flow = 0;
  for (;;) {
    const previous = Array.from({ length: n }, () => -1);
    previous[source] = source;
    const queue = [source];
    while (queue.length > 0 && previous[sink] === -1) {
      const u = queue.shift() as number;
      for (let v = 0; v < n; v++) {
        if (previous[v] === -1 && (cap[at(u, v)] ?? 0) > 1e-9) {
          previous[v] = u;
          queue.push(v);
        }
      }
    }
    if (previous[sink] === -1) break;
    let push = Number.POSITIVE_INFINITY;
    for (let v = sink; v !== source; v = previous[v] as number)
      push = Math.min(push, cap[at(previous[v] as number, v)] ?? 0);
    for (let v = sink; v !== source; v = previous[v] as number) {
      const u = previous[v] as number;
      cap[at(u, v)] = (cap[at(u, v)] ?? 0) - push;
      cap[at(v, u)] = (cap[at(v, u)] ?? 0) + push;
    }
    flow += push;
  }
  return flow >= demand - 1e-9;
}

describe('limits', () => {
  const instance = generateRound({ projects: 60, requirements: 240, seed: 11 });

  it('a part too large for HiGHS keeps the greedy answer, checked, with an honest gap', async () => {
    const result = await clearRound(instance, { pool, maxModelNonzeros: 50, timeLimitSeconds: 20 });
    expect(result.status).toBe('Feasible');
    expect(result.gap).toBeGreaterThan(0);
    expect(checkResult(instance, result)).toEqual([]);
  });

  it('the solve leaves the time its preparation took for what follows it, keeping half the limit', () => {
    expect(solveBudgetMs(30_000, 1_000)).toBe(28_000);
    expect(solveBudgetMs(30_000, 0)).toBe(30_000);
    expect(solveBudgetMs(2_000, 800)).toBe(1_000);
  });

  it('a tight time limit still returns a checked result, stopped at the limit', async () => {
    const started = Date.now();
    const result = await clearRound(instance, { pool, timeLimitSeconds: 1 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(checkResult(instance, result)).toEqual([]);
    expect(result.bound).toBeGreaterThanOrEqual(result.surplus);
  });
});
