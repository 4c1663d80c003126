import { afterAll, describe, expect, it } from 'vitest';
import { checkResult } from '../src/check.ts';
import { clearRound } from '../src/clear.ts';
import { REAL_FAMILIES, type RealFamily } from '../src/generator/families.ts';
import { generateRound } from '../src/generator/generate.ts';
import { type Instance, parseInstance } from '../src/instance.schema.ts';
import { buildComponentModel } from '../src/model/build.ts';
import { partsApart, prepareRound } from '../src/model/prepare.ts';
import { SolverPool } from '../src/solver/pool.ts';
import type { SolveRequest } from '../src/solver/protocol.ts';
import { LARGE_PART_COLUMNS } from '../src/solver/settings.ts';

const pool = new SolverPool(2);
afterAll(() => pool.close());

const draw = (profile: RealFamily | 'realistic', seed = 4) =>
  generateRound({ projects: 200, requirements: 800, seed, profile });
const nutrientCredits = (instance: Instance) =>
  instance.projects.flatMap((p) => p.credits).filter((c) => c.type !== 'Biodiversity');
const byId = (instance: Instance) => new Map(instance.requirements.map((r) => [r.id, r]));

describe('families of real round shapes', () => {
  it('every family is a valid instance; a shape of requirements leaves the projects as drawn', () => {
    for (const family of Object.keys(REAL_FAMILIES) as RealFamily[])
      expect(() => parseInstance(draw(family))).not.toThrow();
    const realistic = draw('realistic');
    for (const family of ['half-divisible', 'nitrogen-pairs', 'and-groups', 'few-local'] as const)
      expect(draw(family).projects).toEqual(realistic.projects);
  });

  it('half-divisible: nutrient requirements are indivisible, about half of all divisible', () => {
    const { requirements } = draw('half-divisible');
    expect(requirements.filter((r) => r.type !== 'Biodiversity' && r.divisible)).toEqual([]);
    const share = requirements.filter((r) => r.divisible).length / requirements.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });

  it('nitrogen-pairs: a mixed need and a dearer ongoing-only alternative, in one XOR group of two', () => {
    const instance = draw('nitrogen-pairs');
    const requirements = byId(instance);
    const alternatives = instance.requirements.filter((r) => r.id.endsWith('/ongoing-only'));
    expect(alternatives.length).toBeGreaterThan(20);
    for (const alternative of alternatives) {
      const mixed = requirements.get(alternative.id.slice(0, -'/ongoing-only'.length));
      expect(mixed?.type).toBe('NutrientMitigationNitrogen');
      expect(mixed?.ongoingOnly).toBe(false);
      expect(alternative.ongoingOnly).toBe(true);
      expect(alternative.group).toEqual({ id: `xor/${mixed?.id}`, type: 'XOR' });
      expect(mixed?.group).toEqual(alternative.group);
      const units = (r: typeof alternative) => r.units.reduce((s, u) => s + u, 0);
      expect(units(alternative)).toBeLessThan(units(mixed ?? alternative));
      expect(alternative.bid / units(alternative)).toBeGreaterThan(
        (mixed?.bid ?? 0) / units(mixed ?? alternative),
      );
    }
    const members = instance.requirements.filter(
      (r) => r.group?.type === 'XOR' && r.group.id.startsWith('xor/'),
    );
    expect(members).toHaveLength(alternatives.length * 2);
  });

  it('short-term: credits of 1-5 years, starting in different years', () => {
    const credits = nutrientCredits(draw('short-term')).filter((c) => !c.permanent);
    const spans = credits.map((c) => {
      const years = c.units.flatMap((u, t) => (u > 0 ? [t] : []));
      return {
        first: years[0] ?? -1,
        length: years.length,
        contiguous: (years.at(-1) ?? 0) - (years[0] ?? 0) + 1,
      };
    });
    for (const span of spans) {
      expect(span.length).toBeGreaterThanOrEqual(1);
      expect(span.length).toBeLessThanOrEqual(5);
      expect(span.contiguous).toBe(span.length);
    }
    expect(new Set(spans.map((s) => s.first)).size).toBeGreaterThan(3);
    expect(new Set(spans.map((s) => s.length)).size).toBe(5);
  });

  it('ramp-up: permanent supply grows over its first years, then stays', () => {
    const credits = nutrientCredits(draw('ramp-up')).filter((c) => c.permanent);
    for (const credit of credits)
      for (let t = 1; t < credit.units.length; t++)
        expect(credit.units[t] ?? 0).toBeGreaterThan(credit.units[t - 1] ?? 0);
    expect(credits.filter((c) => c.units.length > 1).length).toBeGreaterThan(credits.length / 2);
  });

  it("and-groups: a development's needs of different types, in one place, all or none", () => {
    const { requirements } = draw('and-groups');
    expect(requirements.filter((r) => r.group?.type === 'XOR')).toEqual([]);
    const groups = new Map<string, typeof requirements>();
    for (const r of requirements) if (r.group) groups.set(r.group.id, [...(groups.get(r.group.id) ?? []), r]);
    expect(groups.size).toBeGreaterThan(20);
    for (const members of groups.values()) {
      expect(members.length === 2 || members.length === 3).toBe(true);
      expect(new Set(members.map((r) => r.type)).size).toBe(members.length);
      const nutrients = members.filter((r) => r.type !== 'Biodiversity');
      expect(new Set(nutrients.map((r) => r.subcatchment)).size).toBe(1);
    }
  });

  it('few-local: local-only needs are rare', () => {
    const local = (family: RealFamily | 'realistic') =>
      draw(family).requirements.filter((r) => r.localOnly).length;
    expect(local('few-local')).toBeLessThan(local('realistic') / 3);
  });

  it("a round that a development's AND groups join into one large part is solved apart, then raced on both threads", async () => {
    const instance = generateRound({ projects: 100, requirements: 400, seed: 2, profile: 'real' });
    const round = prepareRound(parseInstance(instance));
    const [part, ...others] = round.components;
    expect(others).toEqual([]);
    const columns = part ? buildComponentModel(round, part).numCols : 0;
    expect(columns).toBeGreaterThanOrEqual(LARGE_PART_COLUMNS);
    expect(part && partsApart(round, part).length).toBeGreaterThan(2);
    const solves: { columns: number; integers: number; start: SolveRequest['start'] }[] = [];
    const watched = new SolverPool(2);
    const solve = watched.solve.bind(watched);
    watched.solve = (request, deadline, onProgress) => {
      const integers = request.integrality.reduce((sum, x) => sum + x, 0);
      solves.push({ columns: request.numCols, integers, start: request.start });
      return solve(request, deadline, onProgress);
    };
    try {
      const result = await clearRound(instance, { pool: watched, timeLimitSeconds: 20, apart: true });
      expect(checkResult(instance, result)).toEqual([]);
      const whole = solves.flatMap((s, i) => (s.columns === columns ? [{ ...s, i }] : []));
      // Its relaxation first (no integers: the bound), then its pieces, each a smaller model, then the
      // joined solve on both threads: the prover with its local search, the second from the answer apart.
      expect(whole.map((s) => [s.i, s.integers > 0, s.start])).toEqual([
        [0, false, 'none'],
        [solves.length - 2, true, 'local-search'],
        [solves.length - 1, true, 'none'],
      ]);
      expect(solves.length).toBeGreaterThan(5);
    } finally {
      await watched.close();
    }
  });

  it('a small round of every real shape clears to a result that passes the independent checker', async () => {
    for (const seed of [1, 2]) {
      const instance = generateRound({ projects: 30, requirements: 120, seed, profile: 'real' });
      const result = await clearRound(instance, { pool, timeLimitSeconds: 20 });
      expect(checkResult(instance, result)).toEqual([]);
      expect(result.status).toBe('Optimal');
    }
  });
});
