/** Units of one credit delivered to one requirement in one period (supply units, before the multiplier). */
export type InternalFlow = { credit: number; requirement: number; period: number; units: number };

/** Who wins and how much flows, indexed like a PreparedRound (canonical order). */
export type Allocation = { won: boolean[]; fill: number[]; flows: InternalFlow[] };

/** An empty allocation: nothing trades. */
export function emptyAllocation(projects: number, requirements: number): Allocation {
  return {
    won: Array.from({ length: projects }, () => false),
    fill: Array.from({ length: requirements }, () => 0),
    flows: [],
  };
}
