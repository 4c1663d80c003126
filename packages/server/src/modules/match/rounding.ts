/** One flow to round: supply units (exact), its credit-year key, its requirement-year key and multiplier. */
export interface ExactFlow {
  /** The credit and year it sells from (e.g. `{serviceId}/{year}`). */
  supply: string;
  /** The requirement and year it serves (e.g. `{requirementId}/{year}`). */
  demand: string;
  units: number;
  multiplier: number;
}

const EPS = 1e-7;

/**
 * Rounds flows to 2 decimals (MARKET.md section 5): every flow is floored to the hundredth, then, per
 * requirement-year still more than 0.01 short of its need (units x fill, in units after the multiplier), the flows
 * with the largest dropped remainder are raised by 0.01 while their credit-year has a hundredth left of its
 * sellable units. So no credit-year ever sells more than its sellable units, and a requirement-year is never over
 * its need. Answers the rounded units in the flows' order.
 */
export function roundFlows(
  flows: readonly ExactFlow[],
  sellable: ReadonlyMap<string, number>,
  need: ReadonlyMap<string, number>,
): number[] {
  const cents = flows.map((flow) => Math.floor(flow.units * 100 + EPS));
  const used = new Map<string, number>();
  const delivered = new Map<string, number>();
  flows.forEach((flow, i) => {
    const c = cents[i] ?? 0;
    used.set(flow.supply, (used.get(flow.supply) ?? 0) + c);
    delivered.set(flow.demand, (delivered.get(flow.demand) ?? 0) + c * flow.multiplier);
  });
  const order = flows
    .map((flow, i) => ({ i, remainder: flow.units * 100 - (cents[i] ?? 0) }))
    .filter((item) => item.remainder > EPS)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    const flow = flows[i];
    if (!flow) continue;
    const short = (need.get(flow.demand) ?? 0) * 100 - (delivered.get(flow.demand) ?? 0);
    if (short <= 1 + EPS || short < flow.multiplier - EPS) continue;
    const cap = Math.floor((sellable.get(flow.supply) ?? 0) * 100 + EPS);
    if ((used.get(flow.supply) ?? 0) + 1 > cap) continue;
    cents[i] = (cents[i] ?? 0) + 1;
    used.set(flow.supply, (used.get(flow.supply) ?? 0) + 1);
    delivered.set(flow.demand, (delivered.get(flow.demand) ?? 0) + flow.multiplier);
  }
  return cents.map((c) => c / 100);
}
