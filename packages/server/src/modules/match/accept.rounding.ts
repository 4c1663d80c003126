import {
  type ClearingResult,
  type Flow,
  type Instance,
  neighboursOf,
  roundFlows,
  sellableCents,
  sellableUnits,
  spatialMultiplier,
} from '@curlew/matching';
import type { MatchRound } from './instance.types.ts';

/** One allocation to write: the result's flow, the units the requirement receives (2 decimals), the multiplier. */
export interface AllocationUnits {
  flow: Flow;
  units: number;
  multiplier: number;
}

/** What the reserve holds back of one credit-year (2 decimals, rounded down). */
export interface ReserveUnits {
  project: string;
  credit: number;
  year: number;
  units: number;
}

/**
 * The allocations and the reserve of an accepted result (MARKET.md sections 3 and 5), rounded once by the engine's
 * `roundFlows` from the engine's exact flows (an imported result's own flows otherwise).
 *
 * Each flow is what its requirement keeps: all of it, or in the demand modes (1 - r) of it, r going to the reserve.
 * So in every mode a credit-year's allocations stay within floor(units x (1 - r) x 100) / 100 where the reserve
 * applies, and the reserve written is r / (1 - r) of them rounded down: allocations plus reserve never exceed the
 * credit-year's units. A requirement-year receives what the exact flows delivered it, less at most 0.01, never more.
 */
export function allocationsOf(
  instance: Instance,
  result: ClearingResult,
  reserve: MatchRound['reserve'],
): { allocations: AllocationUnits[]; reserve: ReserveUnits[] } {
  const projects = new Map(instance.projects.map((p) => [p.id, p]));
  const requirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const neighbours = neighboursOf(instance);
  const r = reserve && reserve.percentage > 0 ? reserve.percentage / 100 : 0;
  const reserveApplies = (permanent: boolean) =>
    r > 0 && (reserve?.appliesTo !== 'ongoingDemand' || permanent);
  const caps = new Map<string, number>();
  const need = new Map<string, number>();
  const flows = (result.exactFlows ?? result.flows).map((flow) => {
    const project = projects.get(flow.project);
    const credit = project?.credits[flow.credit];
    const requirement = requirements.get(flow.requirement);
    if (!project || !credit || !requirement) throw new Error('The result names a record the instance lacks');
    const applies = reserveApplies(credit.permanent);
    // Supply mode: the instance already holds the reserve back; demand modes: the requirement keeps (1 - r).
    const keeps = applies && reserve?.appliesTo !== 'supply' ? 1 - r : 1;
    const supply = `${flow.project}/${flow.credit}/${flow.year}`;
    const demand = `${flow.requirement}/${flow.year}`;
    caps.set(supply, sellableCents(sellableUnits(credit, flow.year, applies ? r * 100 : 0)));
    const multiplier =
      credit.type === 'Biodiversity'
        ? spatialMultiplier(
            { lpa: project.lpa, nca: project.nca },
            { lpa: requirement.lpa, nca: requirement.nca },
            neighbours,
          )
        : 1;
    const units = flow.units * keeps;
    need.set(demand, (need.get(demand) ?? 0) + units * multiplier);
    return { flow, applies, supply, demand, units, multiplier };
  });
  const rounded = roundFlows(flows, caps, need);
  const allocations = flows
    .map((item, i) => ({
      flow: item.flow,
      units: rounded[i] ?? 0,
      multiplier: item.multiplier,
      applies: item.applies,
    }))
    .filter((item) => item.units > 0);

  const held = new Map<string, ReserveUnits>();
  for (const item of allocations) {
    if (!item.applies) continue;
    const key = `${item.flow.project}/${item.flow.credit}/${item.flow.year}`;
    const current = held.get(key) ?? {
      project: item.flow.project,
      credit: item.flow.credit,
      year: item.flow.year,
      units: 0,
    };
    current.units += item.units;
    held.set(key, current);
  }
  const reserved = [...held.values()]
    .map((item) => ({ ...item, units: Math.floor((item.units * 100 * r) / (1 - r) + 1e-7) / 100 }))
    .filter((item) => item.units > 0);
  return {
    allocations: allocations.map(({ applies: _applies, ...item }) => item),
    reserve: reserved,
  };
}
