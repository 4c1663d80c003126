import type { Requirement } from '../instance.schema.ts';
import { requiredUnits } from '../rules/compatibility.ts';
import type { Allocation } from './allocation.ts';
import type { Component, PreparedRound } from './prepare.ts';

type Source = { credit: number; multiplier: number };
type Take = { credit: number; period: number; units: number; multiplier: number };
type Plan = { takes: Take[]; opened: number[]; fraction: number; gain: number };

const EPS = 1e-9;

/**
 * A fast feasible allocation for one component: requirements in order of bid per unit, each served
 * first from projects already won, then by opening the cheapest compatible projects when its bid
 * covers their offers. It is the baseline the benchmark compares with, the warm start of the
 * solver, and the answer of last resort when a solve yields nothing.
 */
export function greedyComponent(round: PreparedRound, component: Component, allocation: Allocation): void {
  const inComponent = new Set(component.projects);
  const sources = new Map<number, Source[]>();
  const sourcesOf = (k: number): Source[] => {
    const known = sources.get(k);
    if (known) return known;
    const cls = round.classes[k];
    const list: Source[] = [];
    const seen = new Set<number>();
    for (const d of cls?.direct ?? []) {
      if (!inComponent.has(round.credits[d.credit]?.project ?? -1)) continue;
      list.push(d);
      seen.add(d.credit);
    }
    const pool = cls?.pool === null || cls?.pool === undefined ? undefined : round.pools[cls.pool];
    for (const credit of pool?.credits ?? []) {
      if (seen.has(credit) || !inComponent.has(round.credits[credit]?.project ?? -1)) continue;
      list.push({ credit, multiplier: 0.5 });
    }
    list.sort((x, y) => y.multiplier - x.multiplier || x.credit - y.credit);
    sources.set(k, list);
    return list;
  };

  // Starts from whatever the allocation already holds (won projects, their flows, fills).
  let remaining = new Map<number, number[]>();
  for (const flow of allocation.flows) {
    const left = remaining.get(flow.credit) ?? [...(round.credits[flow.credit]?.sellable ?? [])];
    left[flow.period] = (left[flow.period] ?? 0) - flow.units;
    remaining.set(flow.credit, left);
  }
  const capacity = (c: number, t: number) => remaining.get(c)?.[t] ?? round.credits[c]?.sellable[t] ?? 0;
  const won = new Set(component.projects.filter((p) => allocation.won[p]));
  const groupMembers = new Map<string, number[]>();
  for (const p of component.projects) {
    const group = round.projects[p]?.group;
    if (group) groupMembers.set(group.id, [...(groupMembers.get(group.id) ?? []), p]);
  }
  /** The projects that open together with p (its AND group), or null when p may not open. */
  const openingSet = (p: number, openedNow: number[]): number[] | null => {
    const group = round.projects[p]?.group;
    if (!group) return [p];
    const members = groupMembers.get(group.id) ?? [p];
    if (group.type === 'XOR') {
      return members.some((m) => m !== p && (won.has(m) || openedNow.includes(m))) ? null : [p];
    }
    return members;
  };

  function plan(r: number, mayOpen: boolean): Plan | null {
    const requirement = round.requirements[r] as Requirement;
    const list = sourcesOf(round.classOf[r] as number);
    const periods = round.classes[round.classOf[r] as number]?.periods ?? 1;
    const need = Array.from({ length: periods }, (_, t) => requiredUnits(requirement, t));
    const used = new Map<string, number>();
    const takes: Take[] = [];
    const take = (credit: number, multiplier: number) => {
      for (let t = 0; t < periods; t++) {
        const left = capacity(credit, t) - (used.get(`${credit}|${t}`) ?? 0);
        const units = Math.min(left, (need[t] ?? 0) / multiplier);
        if (units <= EPS) continue;
        takes.push({ credit, period: t, units, multiplier });
        used.set(`${credit}|${t}`, (used.get(`${credit}|${t}`) ?? 0) + units);
        need[t] = (need[t] ?? 0) - units * multiplier;
      }
    };
    for (const s of list) if (won.has(round.credits[s.credit]?.project ?? -1)) take(s.credit, s.multiplier);
    const opened: number[] = [];
    let cost = 0;
    const best = () => summarise(requirement, need, takes, opened, cost);
    const withoutOpening = best();
    if (!mayOpen || need.every((n) => n <= EPS)) return withoutOpening;
    const candidates = new Map<number, number>();
    for (const s of list) {
      const p = round.credits[s.credit]?.project ?? -1;
      if (won.has(p)) continue;
      const credited = (round.credits[s.credit]?.sellable ?? []).reduce(
        (sum, u, t) => sum + Math.min(u * s.multiplier, requiredUnits(requirement, t)),
        0,
      );
      candidates.set(p, (candidates.get(p) ?? 0) + credited);
    }
    const order = [...candidates.entries()]
      .filter(([, credited]) => credited > EPS)
      .map(([p, credited]) => ({ p, price: (round.projects[p]?.offer ?? 0) / credited }))
      .sort((x, y) => x.price - y.price || x.p - y.p);
    for (const { p } of order) {
      if (need.every((n) => n <= EPS)) break;
      if (opened.includes(p)) continue;
      const set = openingSet(p, opened);
      if (!set || set.some((m) => won.has(m) && m !== p)) continue;
      for (const m of set) {
        if (opened.includes(m)) continue;
        opened.push(m);
        cost += round.projects[m]?.offer ?? 0;
        for (const s of list) if (round.credits[s.credit]?.project === m) take(s.credit, s.multiplier);
      }
    }
    const withOpening = best();
    if (!withOpening) return withoutOpening;
    if (!withoutOpening) return withOpening;
    return withOpening.gain > withoutOpening.gain ? withOpening : withoutOpening;
  }

  function commit(r: number, chosen: Plan): void {
    for (const p of chosen.opened) won.add(p);
    for (const take of chosen.takes) {
      const units = take.units;
      if (units <= EPS) continue;
      const left = remaining.get(take.credit) ?? [...(round.credits[take.credit]?.sellable ?? [])];
      left[take.period] = (left[take.period] ?? 0) - units;
      remaining.set(take.credit, left);
      allocation.flows.push({ credit: take.credit, requirement: r, period: take.period, units });
    }
    allocation.fill[r] = chosen.fraction;
  }

  const order = [...component.requirements].sort(
    (x, y) => pricePerUnit(round, y) - pricePerUnit(round, x) || x - y,
  );
  const done = new Set<string>();
  for (const r of order) {
    if ((allocation.fill[r] ?? 0) > 0) continue;
    const requirement = round.requirements[r] as Requirement;
    const group = requirement.group;
    if (group?.type === 'XOR') {
      const siblings = component.requirements.filter((s) => round.requirements[s]?.group?.id === group.id);
      if (siblings.some((s) => (allocation.fill[s] ?? 0) > 0)) continue;
    }
    if (group?.type === 'AND') {
      if (done.has(group.id)) continue;
      done.add(group.id);
      const members = component.requirements.filter((s) => round.requirements[s]?.group?.id === group.id);
      const saved = {
        remaining: cloneRemaining(remaining),
        won: new Set(won),
        flows: allocation.flows.length,
      };
      let gain = 0;
      let ok = true;
      for (const m of members) {
        const chosen = plan(m, true);
        if (!chosen || chosen.fraction < 1 - EPS) {
          ok = false;
          break;
        }
        gain += chosen.gain;
        commit(m, chosen);
      }
      if (!ok || gain <= EPS) {
        remaining = saved.remaining;
        won.clear();
        for (const p of saved.won) won.add(p);
        allocation.flows.length = saved.flows;
        for (const m of members) allocation.fill[m] = 0;
      }
      continue;
    }
    const chosen = plan(r, true);
    if (chosen && chosen.gain > EPS) commit(r, chosen);
  }
  for (const p of component.projects) allocation.won[p] = won.has(p);
}

function summarise(
  requirement: Requirement,
  need: number[],
  takes: Take[],
  opened: number[],
  cost: number,
): Plan | null {
  let fraction = 1;
  need.forEach((left, t) => {
    const required = requiredUnits(requirement, t);
    if (required > 0) fraction = Math.min(fraction, Math.max(0, (required - Math.max(0, left)) / required));
  });
  if (fraction <= EPS) return null;
  if (!requirement.divisible && fraction < 1 - 1e-7) return null;
  if (fraction > 1 - 1e-7) fraction = 1;
  // Per-period deliveries beyond the common fraction are scaled back at commit.
  const scaled = takes.map((take) => ({
    ...take,
    units: take.units * fraction * periodScale(requirement, need, take.period),
  }));
  return { takes: scaled, opened: [...opened], fraction, gain: requirement.bid * fraction - cost };
}

function periodScale(requirement: Requirement, need: number[], period: number): number {
  const required = requiredUnits(requirement, period);
  const met = required - Math.max(0, need[period] ?? 0);
  return met > EPS ? required / met : 0;
}

function pricePerUnit(round: PreparedRound, r: number): number {
  const requirement = round.requirements[r];
  if (!requirement) return 0;
  const units = requirement.units.reduce((sum, u) => sum + u, 0);
  return units > 0 ? requirement.bid / units : 0;
}

function cloneRemaining(remaining: Map<number, number[]>): Map<number, number[]> {
  return new Map([...remaining.entries()].map(([c, left]) => [c, [...left]]));
}
