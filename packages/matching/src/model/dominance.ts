import type { Requirement } from '../instance.schema.ts';
import { requiredUnits } from '../rules/compatibility.ts';
import type { Component, PreparedRound } from './prepare.ts';

/** A dominance between two requirements: `better` is met whenever `worse` is (`fill[better] >= fill[worse]`). */
export type Dominance = { better: number; worse: number };

/**
 * Dominance between indivisible requirements of one class: every credit sees the members of a class alike, so
 * when `better` needs at most what `worse` needs in every period and its objective coefficient (bid and tie-breaks)
 * is at least as high, an allocation meeting `worse` but not `better` is never better than the one meeting `better`
 * instead (the same flows, reduced where `better` needs less, serve it). So `fill[better] >= fill[worse]` leaves the
 * optimum as it was and cuts the solver's search among near-equal subsets of a class (a knapsack whose items are
 * the class's indivisible requirements). Requirements in groups are left alone (their fill is tied to others).
 * Equal requirements are ordered by index, so the relation is a strict order; only its covering pairs are
 * returned (the rest follow by transitivity).
 */
export function dominancePairs(
  round: PreparedRound,
  component: Component,
  coefficient: (r: number) => number,
): Dominance[] {
  const pairs: Dominance[] = [];
  for (const k of component.classes) {
    const cls = round.classes[k];
    if (!cls) continue;
    const members = cls.requirements.filter((r) => {
      const requirement = round.requirements[r];
      return requirement !== undefined && !requirement.divisible && !requirement.group;
    });
    if (members.length < 2) continue;
    const need = (r: number) =>
      Array.from({ length: cls.periods }, (_, t) => requiredUnits(round.requirements[r] as Requirement, t));
    const needs = new Map(members.map((r) => [r, need(r)]));
    const dominates = (a: number, b: number) => {
      if (a === b) return false;
      const na = needs.get(a) as number[];
      const nb = needs.get(b) as number[];
      if (na.some((units, t) => units > (nb[t] ?? 0))) return false;
      const ca = coefficient(a);
      const cb = coefficient(b);
      if (ca < cb) return false;
      const equal = ca === cb && na.every((units, t) => units === nb[t]);
      return !equal || a < b;
    };
    for (const worse of members) {
      const above = members.filter((better) => dominates(better, worse));
      // Covering pairs only: skip a dominator that dominates another dominator of `worse`.
      for (const better of above)
        if (!above.some((middle) => middle !== better && dominates(better, middle)))
          pairs.push({ better, worse });
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
