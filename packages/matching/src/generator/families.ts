import type { CreditType, Instance, Module } from '../instance.schema.ts';

/**
 * The shapes real rounds have that the generator's own rounds lack, each a switch (MARKET.md section 3 says how
 * the server builds them from records): a family is the realistic round of the same seed with one shape switched
 * on, and `real` has them all.
 */
type RealShapes = {
  /** Nutrient requirements indivisible (the server builds them so), biodiversity mostly divisible: about half. */
  halfDivisible: boolean;
  /**
   * Most nitrogen requirements enter as an XOR pair: the mixed need (ongoing plus additional units, any credit)
   * and an ongoing-only alternative (the ongoing units alone, permanent credits only, at a dearer price a unit).
   */
  nitrogenPairs: boolean;
  /** Short-term nutrient credits deliver for 1-5 years, starting in different years. */
  shortTerm: boolean;
  /** Permanent nutrient supply ramps up over its first 1-3 years, then stays at its full yearly units. */
  rampUp: boolean;
  /** Requirement groups are AND groups of one development's needs of different credit types, in one place. */
  andGroups: boolean;
  /** Few local-only biodiversity needs (2 % instead of 10 %). */
  fewLocal: boolean;
};

const NONE: RealShapes = {
  halfDivisible: false,
  nitrogenPairs: false,
  shortTerm: false,
  rampUp: false,
  andGroups: false,
  fewLocal: false,
};

/** The benchmark's families of real shapes, by name: one shape each, then all of them. */
export const REAL_FAMILIES = {
  'half-divisible': { ...NONE, halfDivisible: true },
  'nitrogen-pairs': { ...NONE, nitrogenPairs: true },
  'short-term': { ...NONE, shortTerm: true },
  'ramp-up': { ...NONE, rampUp: true },
  'and-groups': { ...NONE, andGroups: true },
  'few-local': { ...NONE, fewLocal: true },
  real: {
    halfDivisible: true,
    nitrogenPairs: true,
    shortTerm: true,
    rampUp: true,
    andGroups: true,
    fewLocal: true,
  },
} as const satisfies Record<string, RealShapes>;

/** A family of real shapes. */
export type RealFamily = keyof typeof REAL_FAMILIES;

/** Every profile the generator draws: its own two, then the families of real shapes. */
export const PROFILES = ['realistic', 'connected', ...(Object.keys(REAL_FAMILIES) as RealFamily[])] as const;

/** A generator profile. */
export type Profile = (typeof PROFILES)[number];

/** Whether a name is a generator profile. */
export const isProfile = (name: string): name is Profile => (PROFILES as readonly string[]).includes(name);

/** The real shapes a profile switches on (none for the generator's own profiles). */
export const shapesOf = (profile: Profile | undefined): RealShapes =>
  profile === undefined || profile === 'realistic' || profile === 'connected' ? NONE : REAL_FAMILIES[profile];

type Random = () => number;
type Requirement = Instance['requirements'][number];
const round2 = (x: number) => Math.round(x * 100) / 100;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** With `halfDivisible`, the share of biodiversity requirements that are divisible (nutrients never are). */
export const HALF_DIVISIBLE_BIODIVERSITY = 0.9;
/** With `andGroups`, the chance that a requirement starts a development of 2 or 3 needs. */
const DEVELOPMENT_START = 0.06;
/** With `nitrogenPairs`, the share of nitrogen requirements (outside groups) that also bid ongoing-only. */
const PAIRED = 0.7;

/** Yearly units of a permanent credit that ramps up over its first 0-3 years (the last entry repeats). */
export function rampingUnits(random: Random, perYear: number): number[] {
  const rampYears = Math.floor(random() * 4);
  return Array.from({ length: rampYears + 1 }, (_, t) => round2((perYear * (t + 1)) / (rampYears + 1)));
}

/** Yearly units of a short-term credit delivering for 1-5 years, from a year of its own. */
export function shortTermUnits(random: Random, perYear: number, years: number): number[] {
  const lasts = Math.min(years, 1 + Math.floor(random() * 5));
  const starts = Math.floor(random() * (years - lasts + 1));
  return Array.from({ length: years }, (_, t) => (t >= starts && t < starts + lasts ? perYear : 0));
}

/** Units a credit delivers over the round's years (a permanent list repeats its last entry). */
export function unitsOverYears(units: readonly number[], years: number): number {
  let sum = 0;
  for (let t = 0; t < years; t++) sum += units[Math.min(t, units.length - 1)] ?? 0;
  return sum;
}

/** Where a development's needs are. */
type DevelopmentSite = {
  type: CreditType;
  module: Module;
  at: { lpa: string; nca: string };
  subcatchment: string;
};

/**
 * Developments needing several credit types for one planning permission (MARKET.md section 2): each is an AND
 * group of 2 or 3 consecutive requirements of different types, in one place and subcatchment.
 */
export function developmentGroups(random: Random) {
  let open: { id: string; site: DevelopmentSite; types: CreditType[] } | null = null;
  return {
    /** Requirement i's development (its group and place), or null when it stands alone. */
    next(i: number, siteOf: (type: CreditType) => DevelopmentSite) {
      if (!open || open.types.length === 0) {
        open = null;
        if (random() >= DEVELOPMENT_START) return null;
        const types: CreditType[] = [
          'Biodiversity',
          'NutrientMitigationNitrogen',
          'NutrientMitigationPhosphorous',
        ];
        for (let k = types.length - 1; k > 0; k--) {
          const j = Math.floor(random() * (k + 1));
          [types[k], types[j]] = [types[j] as CreditType, types[k] as CreditType];
        }
        types.length = random() < 0.5 ? 2 : 3;
        open = { id: `HD${i + 1}`, site: siteOf(types[0] as CreditType), types };
      }
      const type = open.types.shift() as CreditType;
      return { group: { id: open.id, type: 'AND' as const }, site: { ...open.site, type } };
    },
  };
}

/**
 * A nitrogen requirement as the server enters it when its buyer also bids for ongoing-only supply: an XOR pair of
 * the mixed need and the ongoing units alone (30-80 % of it), permanent credits only, 10-50 % dearer a unit.
 * A requirement in a group clears its full need only, so it stays single.
 */
export function nitrogenPair(random: Random, mixed: Requirement, unitPrice: number): Requirement[] {
  if (mixed.group || random() >= PAIRED) return [mixed];
  const share = between(random, 0.3, 0.8);
  const premium = between(random, 1.1, 1.5);
  const units = mixed.units.map((u) => round2(u * share));
  const group = { id: `xor/${mixed.id}`, type: 'XOR' as const };
  return [
    { ...mixed, group },
    {
      ...mixed,
      id: `${mixed.id}/ongoing-only`,
      bid: Math.round((unitPrice * premium * units.reduce((sum, u) => sum + u, 0)) / units.length),
      ongoingOnly: true,
      group,
      units,
    },
  ];
}
