import type { Credit, Distinctiveness, Instance, Module, Project, Requirement } from '../instance.schema.ts';

/** Rank of each distinctiveness band; a higher rank is more distinctive. */
export const DISTINCTIVENESS_RANK = { Low: 1, Medium: 2, High: 3, VeryHigh: 4 } as const satisfies Record<
  Distinctiveness,
  number
>;

/** The habitat side of a credit or requirement, as the trading rules see it. */
export type HabitatView = {
  module: Module;
  broadHabitat: string;
  habitatType: string;
  distinctiveness: Distinctiveness;
};

/** How a requirement band decides which supply habitat may serve it. */
type HabitatRule = (supply: HabitatView, demand: HabitatView) => boolean;

const sameHabitat = (supply: HabitatView, demand: HabitatView) =>
  supply.habitatType === demand.habitatType && (supply.broadHabitat ?? '') === (demand.broadHabitat ?? '');
const atLeast = (supply: HabitatView, band: Distinctiveness) =>
  DISTINCTIVENESS_RANK[supply.distinctiveness] >= DISTINCTIVENESS_RANK[band];

/** Area habitats: the statutory metric's trading rules per requirement band. */
const AREA_RULES = {
  VeryHigh: sameHabitat,
  High: sameHabitat,
  Medium: (supply, demand) =>
    (supply.broadHabitat === demand.broadHabitat && atLeast(supply, 'Medium')) || atLeast(supply, 'High'),
  Low: (supply) => atLeast(supply, 'Low'),
} as const satisfies Record<Distinctiveness, HabitatRule>;

/** Hedgerow and river: same band or higher, and the same habitat type at High and above. */
const LINEAR_RULES = {
  VeryHigh: (supply, demand) => sameHabitat(supply, demand),
  High: (supply, demand) => sameHabitat(supply, demand),
  Medium: (supply) => atLeast(supply, 'Medium'),
  Low: (supply) => atLeast(supply, 'Low'),
} as const satisfies Record<Distinctiveness, HabitatRule>;

const RULES_BY_MODULE = {
  Area: AREA_RULES,
  Linear: LINEAR_RULES,
  River: LINEAR_RULES,
} as const satisfies Record<Module, Record<Distinctiveness, HabitatRule>>;

/** Whether supply habitat may serve demand habitat (modules never substitute). */
export function habitatServes(supply: HabitatView, demand: HabitatView): boolean {
  if (supply.module !== demand.module) return false;
  return RULES_BY_MODULE[demand.module][demand.distinctiveness](supply, demand);
}

/** Unordered neighbour pairs of LPAs and NCAs, ready for look-up. */
export type Neighbours = { lpa: Set<string>; nca: Set<string> };

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Builds the neighbour look-up of an instance. */
export function neighboursOf(instance: Pick<Instance, 'neighbours'>): Neighbours {
  const lpa = new Set((instance.neighbours?.lpa ?? []).map(([a, b]) => pairKey(a, b)));
  const nca = new Set((instance.neighbours?.nca ?? []).map(([a, b]) => pairKey(a, b)));
  return { lpa, nca };
}

type Location = { lpa?: string | null | undefined; nca?: string | null | undefined };

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a === b;
const adjacent = (set: Set<string>, a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a !== b && set.has(pairKey(a, b));

/** Spatial risk multiplier: 1 in the same LPA or NCA, 0.75 in a neighbouring one, 0.5 otherwise. */
export function spatialMultiplier(
  supply: Location,
  demand: Location,
  neighbours: Neighbours,
): 1 | 0.75 | 0.5 {
  if (same(supply.lpa, demand.lpa) || same(supply.nca, demand.nca)) return 1;
  if (adjacent(neighbours.lpa, supply.lpa, demand.lpa) || adjacent(neighbours.nca, supply.nca, demand.nca)) {
    return 0.75;
  }
  return 0.5;
}

/**
 * Units a credit can sell in year t, after the reserve (permanent credits repeat their last entry), rounded down to
 * the hundredth: a result trades whole hundredths, so the clearing never plans a sale of a fraction it cannot round.
 */
export function sellableUnits(credit: Credit, year: number, reservePercent: number): number {
  const units = credit.units;
  let raw = units[year];
  if (raw === undefined) raw = credit.permanent && credit.type !== 'Biodiversity' ? (units.at(-1) ?? 0) : 0;
  return Math.floor(raw * (100 - reservePercent) + 1e-7) / 100;
}

/** Units a requirement needs in year t (missing years need none). */
export function requiredUnits(requirement: Requirement, year: number): number {
  return requirement.units[year] ?? 0;
}

/** Periods an item of this type trades in: biodiversity trades once (year 0), nutrients every year. */
export function periodsOf(type: Credit['type'], years: number): number {
  return type === 'Biodiversity' ? 1 : years;
}

/** Why a pair cannot trade, or the multiplier at which it can. */
type PairVerdict =
  | { compatible: true; multiplier: number }
  | {
      compatible: false;
      because: 'type' | 'habitat' | 'subcatchment' | 'localOnly' | 'ongoingOnly' | 'years';
    };

/** Applies every trading rule to one credit of a project and one requirement. */
export function judgePair(
  project: Project,
  credit: Credit,
  requirement: Requirement,
  instance: Pick<Instance, 'years' | 'reservePercent'>,
  neighbours: Neighbours,
): PairVerdict {
  if (credit.type !== requirement.type) return { compatible: false, because: 'type' };
  let multiplier = 1;
  if (credit.type === 'Biodiversity') {
    if (!habitatServes(habitatOf(credit), habitatOf(requirement)))
      return { compatible: false, because: 'habitat' };
    multiplier = spatialMultiplier(project, requirement, neighbours);
    if (requirement.localOnly && multiplier < 1) return { compatible: false, because: 'localOnly' };
  } else if (!same(project.subcatchment, requirement.subcatchment)) {
    return { compatible: false, because: 'subcatchment' };
  }
  if (requirement.ongoingOnly && !credit.permanent) return { compatible: false, because: 'ongoingOnly' };
  const periods = periodsOf(credit.type, instance.years);
  for (let t = 0; t < periods; t++) {
    if (requiredUnits(requirement, t) > 0 && sellableUnits(credit, t, instance.reservePercent) > 0) {
      return { compatible: true, multiplier };
    }
  }
  return { compatible: false, because: 'years' };
}

/** The habitat fields of a validated biodiversity credit or requirement. */
export function habitatOf(item: Credit | Requirement): HabitatView {
  return {
    module: item.module ?? 'Area',
    broadHabitat: item.broadHabitat ?? '',
    habitatType: item.habitatType ?? '',
    distinctiveness: item.distinctiveness ?? 'Low',
  };
}
