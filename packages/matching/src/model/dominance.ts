import type { Requirement } from '../instance.schema.ts';
import { requiredUnits } from '../rules/compatibility.ts';
import type { Component, PreparedRound } from './prepare.ts';

/** A dominance between two requirements: `better` is met whenever `worse` is (`fill[better] >= fill[worse]`). */
export type Dominance = { better: number; worse: number };

/** How many dominators each requirement is linked to at most (any subset of the valid rows is exact). */
const MAX_DOMINATORS = 4;

/**
 * Dominance between indivisible requirements: when class K1 reaches every credit class K2 reaches at a multiplier
 * at least as high (K1 "covers" K2: members of one class always cover each other), a requirement `better` of K1
 * that needs at most what `worse` of K2 needs in every period, with an objective coefficient (bid and tie-breaks)
 * at least as high, can always be met instead of `worse`: the flows that served `worse`, reduced where `better`
 * needs less, serve it, and the objective does not fall. So `fill[better] >= fill[worse]` leaves the optimum as
 * it was and cuts the solver's search among near-equal subsets of requirements (a knapsack whose items are the
 * indivisible requirements a marginal project could serve). Requirements in groups are left alone (their fill is
 * tied to others). Equal requirements of mutually covering classes are ordered by index, so the relation is a
 * strict order; each requirement is linked to at most MAX_DOMINATORS of its minimal dominators (the rest follow
 * by transitivity or are simply not written: fewer valid rows are still exact).
 */
export function dominancePairs(
  round: PreparedRound,
  component: Component,
  coefficient: (r: number) => number,
): Dominance[] {
  const reach = new Map<number, Map<number, number>>();
  for (const k of component.classes) {
    const cls = round.classes[k];
    if (!cls) continue;
    const map = new Map<number, number>();
    for (const c of cls.pool === null ? [] : (round.pools[cls.pool]?.credits ?? [])) map.set(c, 0.5);
    for (const { credit, multiplier } of cls.direct)
      map.set(credit, Math.max(multiplier, map.get(credit) ?? 0));
    reach.set(k, map);
  }
  const coverCache = new Map<string, boolean>();
  const covers = (k1: number, k2: number): boolean => {
    if (k1 === k2) return true;
    const key = `${k1}|${k2}`;
    const known = coverCache.get(key);
    if (known !== undefined) return known;
    const a = reach.get(k1);
    const b = reach.get(k2);
    let result =
      a !== undefined && b !== undefined && round.classes[k1]?.periods === round.classes[k2]?.periods;
    if (result && a && b) {
      if (a.size < b.size) result = false;
      else
        for (const [credit, multiplier] of b)
          if ((a.get(credit) ?? 0) < multiplier) {
            result = false;
            break;
          }
    }
    coverCache.set(key, result);
    return result;
  };
  const members = component.requirements.filter((r) => {
    const requirement = round.requirements[r];
    return requirement !== undefined && !requirement.divisible && !requirement.group;
  });
  const info = new Map(
    members.map((r) => {
      const k = round.classOf[r] ?? -1;
      const periods = round.classes[k]?.periods ?? 1;
      const need = Array.from({ length: periods }, (_, t) =>
        requiredUnits(round.requirements[r] as Requirement, t),
      );
      return [r, { k, need, coefficient: coefficient(r), type: round.requirements[r]?.type }];
    }),
  );
  const dominates = (a: number, b: number): boolean => {
    if (a === b) return false;
    const x = info.get(a);
    const y = info.get(b);
    if (!x || !y || x.type !== y.type || x.coefficient < y.coefficient || x.need.length !== y.need.length)
      return false;
    if (x.need.some((units, t) => units > (y.need[t] ?? 0))) return false;
    if (!covers(x.k, y.k)) return false;
    const strict = x.coefficient > y.coefficient || x.need.some((units, t) => units < (y.need[t] ?? 0));
    return strict || !covers(y.k, x.k) || a < b;
  };
  const pairs: Dominance[] = [];
  const byCoefficient = [...members].sort(
    (a, b) => (info.get(a)?.coefficient ?? 0) - (info.get(b)?.coefficient ?? 0) || a - b,
  );
  for (const worse of members) {
    const above = byCoefficient.filter((better) => dominates(better, worse));
    // The weakest dominators first: minimal ones (dominating no other dominator) are found among them.
    let linked = 0;
    for (const better of above) {
      if (linked >= MAX_DOMINATORS) break;
      if (above.some((middle) => dominates(better, middle))) continue;
      pairs.push({ better, worse });
      linked += 1;
    }
  }
  return pairs;
}

/**
 * Makes a warm start's fills respect the dominance rows: while a requirement is met and one dominating it is not,
 * the two swap (what served the worse serves the better, which needs no more), so the start stays feasible and
 * its surplus does not fall.
 */
export function respectDominance(pairs: readonly Dominance[], fill: number[]): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const { better, worse } of pairs) {
      const b = fill[better] ?? 0;
      const w = fill[worse] ?? 0;
      if (b + 1e-9 >= w) continue;
      fill[better] = w;
      fill[worse] = b;
      changed = true;
    }
  }
}
