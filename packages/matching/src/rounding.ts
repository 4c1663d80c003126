import type { Instance } from './instance.schema.ts';
import type { Flow } from './result.schema.ts';
import { neighboursOf, sellableUnits, spatialMultiplier } from './rules/compatibility.ts';

/** One flow to round: supply units (exact), its credit-year key, its requirement-year key and multiplier. */
export interface ExactFlow {
  /** The credit and year it sells from (e.g. `{project}/{credit}/{year}`). */
  supply: string;
  /** The requirement and year it serves (e.g. `{requirement}/{year}`). */
  demand: string;
  units: number;
  multiplier: number;
}

/** Slack for binary fractions in hundredths (1.15 * 100 is 114.99999999999999). */
const EPS = 1e-7;

/**
 * The one rounding of flows to 2 decimals (MARKET.md section 5). `capCents` is each credit-year's sellable units in
 * whole hundredths, `need` each requirement-year's need in units after the multiplier. Every flow is floored to the
 * hundredth; then, while a requirement-year is more than 0.01 short, the flows into it with the largest dropped
 * remainder are raised by 0.01 where their credit-year has a hundredth left and the raise does not overshoot the need;
 * a requirement-year still short takes a hundredth from a flow of the same credit-year to a requirement-year that
 * stays within 0.01 of its own need. So no credit-year sells more than its cap and no requirement-year receives more
 * than its need. Answers the rounded units in the flows' order.
 */
export function roundFlows(
  flows: readonly ExactFlow[],
  capCents: ReadonlyMap<string, number>,
  need: ReadonlyMap<string, number>,
): number[] {
  const cents = flows.map((flow) => Math.max(0, Math.floor(flow.units * 100 + EPS)));
  const used = new Map<string, number>();
  const delivered = new Map<string, number>();
  flows.forEach((flow, i) => {
    const c = cents[i] ?? 0;
    used.set(flow.supply, (used.get(flow.supply) ?? 0) + c);
    delivered.set(flow.demand, (delivered.get(flow.demand) ?? 0) + c * flow.multiplier);
  });
  const shortOf = (demand: string) => (need.get(demand) ?? 0) * 100 - (delivered.get(demand) ?? 0);
  const roomOf = (supply: string) => (capCents.get(supply) ?? 0) - (used.get(supply) ?? 0);
  const move = (i: number, by: 1 | -1) => {
    const flow = flows[i];
    if (!flow) return;
    cents[i] = (cents[i] ?? 0) + by;
    used.set(flow.supply, (used.get(flow.supply) ?? 0) + by);
    delivered.set(flow.demand, (delivered.get(flow.demand) ?? 0) + by * flow.multiplier);
  };
  const order = flows
    .map((flow, i) => ({ i, remainder: flow.units * 100 - (cents[i] ?? 0) }))
    .filter((item) => item.remainder > EPS)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    const flow = flows[i];
    if (!flow) continue;
    const short = shortOf(flow.demand);
    if (short <= 1 + EPS || short < flow.multiplier - EPS) continue;
    if (roomOf(flow.supply) < 1) continue;
    move(i, 1);
  }
  repairShortfalls(flows, cents, { shortOf, roomOf, move });
  return cents.map((c) => c / 100);
}

/**
 * A requirement-year still more than 0.01 short whose credit-years are sold out takes a hundredth from another flow of
 * the same credit-year whose requirement-year can spare it (it stays within 0.01 of its need).
 */
function repairShortfalls(
  flows: readonly ExactFlow[],
  cents: number[],
  state: {
    shortOf: (demand: string) => number;
    roomOf: (supply: string) => number;
    move: (i: number, by: 1 | -1) => void;
  },
): void {
  const bySupply = indexBy(flows, (flow) => flow.supply);
  const byDemand = indexBy(flows, (flow) => flow.demand);
  const short = [...byDemand.keys()].filter((d) => state.shortOf(d) > 1 + EPS);
  for (const demand of short) {
    let moved = true;
    while (moved && state.shortOf(demand) > 1 + EPS) {
      moved = false;
      for (const i of byDemand.get(demand) ?? []) {
        const flow = flows[i];
        if (!flow || state.shortOf(demand) < flow.multiplier - EPS) continue;
        if (state.roomOf(flow.supply) >= 1) {
          state.move(i, 1);
          moved = true;
          break;
        }
        const donor = (bySupply.get(flow.supply) ?? []).find((j) => {
          const other = flows[j];
          return (
            other !== undefined &&
            other.demand !== demand &&
            (cents[j] ?? 0) > 0 &&
            state.shortOf(other.demand) + other.multiplier <= 1 + EPS
          );
        });
        if (donor === undefined) continue;
        state.move(donor, -1);
        state.move(i, 1);
        moved = true;
        break;
      }
    }
  }
}

function indexBy(flows: readonly ExactFlow[], key: (flow: ExactFlow) => string): Map<string, number[]> {
  const index = new Map<string, number[]>();
  flows.forEach((flow, i) => {
    const list = index.get(key(flow));
    if (list) list.push(i);
    else index.set(key(flow), [i]);
  });
  return index;
}

/** A credit-year's sellable units in whole hundredths: what a RESULT may sell of it. */
export const sellableCents = (units: number): number => Math.floor(units * 100 + EPS);

/**
 * The units of a RESULT's flows rounded by `roundFlows` against the instance, in the flows' order: every credit-year
 * within its sellable units (the reserve held back), every requirement-year within 0.01 of units x fill and never
 * above it.
 */
export function roundedFlowUnits(
  instance: Instance,
  fillOf: ReadonlyMap<string, number>,
  flows: readonly Flow[],
): number[] {
  const projects = new Map(instance.projects.map((p) => [p.id, p]));
  const requirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const neighbours = neighboursOf(instance);
  const caps = new Map<string, number>();
  const need = new Map<string, number>();
  const exact = flows.map((flow) => {
    const project = projects.get(flow.project);
    const credit = project?.credits[flow.credit];
    const requirement = requirements.get(flow.requirement);
    const supply = `${flow.project}/${flow.credit}/${flow.year}`;
    const demand = `${flow.requirement}/${flow.year}`;
    if (!project || !credit || !requirement) return { supply, demand, units: 0, multiplier: 1 };
    caps.set(supply, sellableCents(sellableUnits(credit, flow.year, instance.reservePercent)));
    need.set(demand, (requirement.units[flow.year] ?? 0) * (fillOf.get(flow.requirement) ?? 0));
    const multiplier =
      credit.type === 'Biodiversity'
        ? spatialMultiplier(
            { lpa: project.lpa, nca: project.nca },
            { lpa: requirement.lpa, nca: requirement.nca },
            neighbours,
          )
        : 1;
    return { supply, demand, units: flow.units, multiplier };
  });
  return roundFlows(exact, caps, need);
}

/** A RESULT's flows rounded by `roundedFlowUnits`, those that round to nothing left out, the order kept. */
export function roundResultFlows(
  instance: Instance,
  fillOf: ReadonlyMap<string, number>,
  flows: readonly Flow[],
): Flow[] {
  const rounded = roundedFlowUnits(instance, fillOf, flows);
  return flows.map((flow, i) => ({ ...flow, units: rounded[i] ?? 0 })).filter((flow) => flow.units > 0);
}
