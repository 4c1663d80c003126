import type { Requirement } from '../instance.schema.ts';
import type { Allocation } from './allocation.ts';
import type { Component, PreparedRound } from './prepare.ts';

type Outlet = { requirement: number; multiplier: number; density: number };
type Sale = { credit: number; requirement: number; fraction: number; units: number[] };

const EPS = 1e-9;
const MAX_OUTLETS = 150;

/**
 * Project-first greedy: repeatedly opens the project whose spare units, sold to the best-paying
 * unmet requirements it can serve, gain the most over its offer (lazy re-evaluation: a project's
 * gain only falls as demand is met). Requirements in AND groups are left to the requirement-first
 * pass that follows it.
 */
export function greedyByProject(round: PreparedRound, component: Component, allocation: Allocation): void {
  const inComponent = new Set(component.projects);
  const outlets = new Map<number, Outlet[]>();
  for (const k of new Set(component.requirements.map((r) => round.classOf[r] as number))) {
    const cls = round.classes[k];
    if (!cls) continue;
    const reach = new Map<number, number>();
    const pool = cls.pool === null ? undefined : round.pools[cls.pool];
    for (const credit of pool?.credits ?? []) reach.set(credit, 0.5);
    for (const d of cls.direct) reach.set(d.credit, d.multiplier);
    for (const [credit, multiplier] of reach) {
      if (!inComponent.has(round.credits[credit]?.project ?? -1)) continue;
      const list = outlets.get(credit) ?? [];
      for (const r of cls.requirements) {
        const requirement = round.requirements[r] as Requirement;
        if (requirement.group?.type === 'AND') continue;
        const total = requirement.units.reduce((a, b) => a + b, 0);
        if (total > 0)
          list.push({ requirement: r, multiplier, density: (requirement.bid / total) * multiplier });
      }
      outlets.set(credit, list);
    }
  }
  for (const [credit, list] of outlets) {
    list.sort((x, y) => y.density - x.density || x.requirement - y.requirement);
    // A credit's units go to its best-paying outlets; the tail is for the requirement pass.
    if (list.length > MAX_OUTLETS) outlets.set(credit, list.slice(0, MAX_OUTLETS));
  }

  const fill = allocation.fill;
  const xorTaken = new Set<string>();
  const projectGroupWon = new Set<string>();

  /** What opening p would sell now, and the bids it would earn. */
  function evaluate(p: number): { gain: number; sales: Sale[] } {
    const sales: Sale[] = [];
    let revenue = 0;
    const extra = new Map<number, number>();
    const xorHere = new Set<string>();
    for (const c of round.creditsOfProject[p] ?? []) {
      const capacity = [...(round.credits[c]?.sellable ?? [])];
      for (const outlet of outlets.get(c) ?? []) {
        const r = outlet.requirement;
        const requirement = round.requirements[r] as Requirement;
        const already = (fill[r] ?? 0) + (extra.get(r) ?? 0);
        if (already >= 1 - EPS) continue;
        const xor = requirement.group?.type === 'XOR' ? requirement.group.id : null;
        if (xor && already === 0 && (xorTaken.has(xor) || xorHere.has(xor))) continue;
        let fraction = 1 - already;
        requirement.units.forEach((need, t) => {
          if (need > 0) fraction = Math.min(fraction, ((capacity[t] ?? 0) * outlet.multiplier) / need);
        });
        if (fraction <= EPS) continue;
        if (!requirement.divisible && (already > 0 || fraction < 1 - 1e-7)) continue;
        if (!requirement.divisible) fraction = 1;
        const units = requirement.units.map((need) => (need * fraction) / outlet.multiplier);
        units.forEach((u, t) => {
          capacity[t] = (capacity[t] ?? 0) - u;
        });
        extra.set(r, (extra.get(r) ?? 0) + fraction);
        if (xor) xorHere.add(xor);
        revenue += requirement.bid * fraction;
        sales.push({ credit: c, requirement: r, fraction, units });
      }
    }
    return { gain: revenue - (round.projects[p]?.offer ?? 0), sales };
  }

  const admissible = (p: number) => {
    const group = round.projects[p]?.group;
    if (!group) return true;
    return group.type === 'XOR' && !projectGroupWon.has(group.id);
  };
  const stale = component.projects
    .filter((p) => !allocation.won[p] && admissible(p))
    .map((p) => ({ p, gain: evaluate(p).gain }))
    .filter((c) => c.gain > EPS);
  while (stale.length > 0) {
    stale.sort((x, y) => y.gain - x.gain || x.p - y.p);
    const top = stale.shift();
    if (!top) break;
    if (!admissible(top.p)) continue;
    const fresh = evaluate(top.p);
    if (fresh.gain <= EPS) continue;
    if (stale.length > 0 && fresh.gain < (stale[0]?.gain ?? 0) - EPS) {
      stale.push({ p: top.p, gain: fresh.gain });
      continue;
    }
    allocation.won[top.p] = true;
    const group = round.projects[top.p]?.group;
    if (group) projectGroupWon.add(group.id);
    for (const sale of fresh.sales) {
      fill[sale.requirement] = Math.min(1, (fill[sale.requirement] ?? 0) + sale.fraction);
      const xor = round.requirements[sale.requirement]?.group;
      if (xor?.type === 'XOR') xorTaken.add(xor.id);
      sale.units.forEach((units, period) => {
        if (units > EPS)
          allocation.flows.push({ credit: sale.credit, requirement: sale.requirement, period, units });
      });
    }
  }
  // Fills reached in several steps may carry rounding; per-year deliveries stay exact multiples.
  for (const r of component.requirements) {
    const f = fill[r] ?? 0;
    if (f > 1 - 1e-9) fill[r] = 1;
  }
}
