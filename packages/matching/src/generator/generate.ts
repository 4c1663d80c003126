import type { CreditType, Distinctiveness, Instance, Module } from '../instance.schema.ts';
import {
  developmentGroups,
  HALF_DIVISIBLE_BIODIVERSITY,
  nitrogenPair,
  type Profile,
  rampingUnits,
  shapesOf,
  shortTermUnits,
  unitsOverYears,
} from './families.ts';
import { type Habitat, loadHabitats } from './habitats.ts';

/** A seeded pseudo-random source (mulberry32): the same seed gives the same round. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Shape of a generated round. `profile: 'connected'` draws a round whose biodiversity supply and demand
 * nearly all form one connected part: area habitats dominate, Low and Medium distinctiveness dominate on
 * both sides, and few requirements are local-only (the hardest shape for the engine). The families of real
 * shapes (`./families.ts`) draw the realistic round of the same seed with real rounds' shapes switched on.
 */
export type RoundShape = {
  projects: number;
  requirements: number;
  seed: number;
  years?: number;
  profile?: Profile;
};

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const round2 = (x: number) => Math.round(x * 100) / 100;
const weighted = <T extends string>(random: Random, weights: Record<T, number>): T => {
  const entries = Object.entries(weights) as [T, number][];
  let roll = random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [key, w] of entries) {
    roll -= w;
    if (roll <= 0) return key;
  }
  return (entries[entries.length - 1] as [T, number])[0];
};

const TYPE_MIX = {
  Biodiversity: 0.55,
  NutrientMitigationNitrogen: 0.25,
  NutrientMitigationPhosphorous: 0.2,
} as const;
const MODULE_MIX = { Area: 0.8, Linear: 0.12, River: 0.08 } as const;
const SUPPLY_BANDS = { Low: 0.3, Medium: 0.4, High: 0.25, VeryHigh: 0.05 } as const;
const DEMAND_BANDS = { Low: 0.35, Medium: 0.4, High: 0.2, VeryHigh: 0.05 } as const;
const LOCAL_ONLY = 0.1;
/** The connected profile's mixes (see RoundShape). */
const CONNECTED = {
  modules: { Area: 0.94, Linear: 0.04, River: 0.02 },
  supplyBands: { Low: 0.45, Medium: 0.45, High: 0.08, VeryHigh: 0.02 },
  demandBands: { Low: 0.5, Medium: 0.42, High: 0.06, VeryHigh: 0.02 },
  localOnly: 0.02,
} as const;
/** GBP per biodiversity unit and per kg a year of nutrient mitigation (the whole term), by side. */
const PRICE = {
  Biodiversity: { offer: [18_000, 32_000], bid: [20_000, 40_000] },
  NutrientMitigationNitrogen: { offer: [2_000, 3_500], bid: [2_200, 4_000] },
  NutrientMitigationPhosphorous: { offer: [15_000, 30_000], bid: [17_000, 36_000] },
} as const satisfies Record<CreditType, { offer: readonly [number, number]; bid: readonly [number, number] }>;

/**
 * A realistic synthetic round: a region of LPAs on a grid (grid neighbours are neighbours) inside
 * larger NCAs, nutrient subcatchments, the metric's habitats, biodiversity and nutrient mixes,
 * XOR/AND groups on both sides, divisible and indivisible requirements, price levels in GBP.
 */
export function generateRound(shape: RoundShape): Instance {
  const random = randomSource(shape.seed);
  const connected = shape.profile === 'connected';
  const moduleMix = connected ? CONNECTED.modules : MODULE_MIX;
  const supplyBands = connected ? CONNECTED.supplyBands : SUPPLY_BANDS;
  const demandBands = connected ? CONNECTED.demandBands : DEMAND_BANDS;
  const shapes = shapesOf(shape.profile);
  const localOnly = connected || shapes.fewLocal ? CONNECTED.localOnly : LOCAL_ONLY;
  // The real shapes draw from a source of their own, so that the rest of the round stays as drawn.
  const shaped = randomSource(shape.seed ^ 0x5ea1);
  const years = shape.years ?? 6;
  const habitats = loadHabitats();
  const side = Math.max(3, Math.round(Math.sqrt(shape.projects / 4)));
  const lpas = Array.from({ length: side * side }, (_, i) => ({
    lpa: `L${i + 1}`,
    x: i % side,
    y: Math.floor(i / side),
  }));
  const ncaOf = (x: number, y: number) =>
    `N${Math.floor(x / 2) + Math.floor(y / 2) * Math.ceil(side / 2) + 1}`;
  const neighbours = { lpa: [] as [string, string][], nca: [] as [string, string][] };
  const ncaPairs = new Set<string>();
  for (const a of lpas) {
    for (const b of lpas) {
      if (b.x + b.y * side <= a.x + a.y * side || Math.abs(a.x - b.x) + Math.abs(a.y - b.y) !== 1) continue;
      neighbours.lpa.push([a.lpa, b.lpa]);
      const na = ncaOf(a.x, a.y);
      const nb = ncaOf(b.x, b.y);
      if (na !== nb && !ncaPairs.has(`${na}|${nb}`) && !ncaPairs.has(`${nb}|${na}`)) {
        ncaPairs.add(`${na}|${nb}`);
        neighbours.nca.push([na, nb]);
      }
    }
  }
  const subcatchments = Array.from({ length: 4 + Math.floor(shape.projects / 100) }, (_, i) => `S${i + 1}`);
  const place = () => {
    const at = pick(random, lpas);
    return { lpa: at.lpa, nca: ncaOf(at.x, at.y) };
  };
  const habitatFor = (module: Module, bands: Record<Distinctiveness, number>): Habitat => {
    let band = weighted(random, bands);
    for (;;) {
      const options = habitats.filter((h) => h.module === module && h.distinctiveness === band);
      if (options.length > 0) return pick(random, options);
      band = 'Medium';
    }
  };
  const group = (prefix: string, i: number) => {
    const roll = random();
    if (roll < 0.08) return { id: `${prefix}X${Math.floor(i / 3)}`, type: 'XOR' as const };
    if (roll < 0.12) return { id: `${prefix}A${Math.floor(i / 2)}`, type: 'AND' as const };
    return undefined;
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const width = String(Math.max(shape.projects, shape.requirements)).length;

  const projects: Instance['projects'] = [];
  // Members of a group are alternatives or parts of one site: same credit type and place.
  const siteOfGroup = new Map<
    string,
    { type: CreditType; module: Module; at: { lpa: string; nca: string }; subcatchment: string }
  >();
  for (let i = 0; i < shape.projects; i++) {
    const projectGroup = group('G', i);
    const site = projectGroup ? siteOfGroup.get(projectGroup.id) : undefined;
    const type = site?.type ?? weighted(random, TYPE_MIX);
    const [low, high] = PRICE[type].offer;
    const unitPrice = between(random, low, high);
    const credits: Instance['projects'][number]['credits'] = [];
    let sellableValue = 0;
    const at = site?.at ?? place();
    const subcatchment = site?.subcatchment ?? pick(random, subcatchments);
    const module = site?.module ?? weighted(random, moduleMix);
    if (projectGroup && !site) siteOfGroup.set(projectGroup.id, { type, module, at, subcatchment });
    if (type === 'Biodiversity') {
      const count = 1 + Math.floor(random() * 3);
      for (let c = 0; c < count; c++) {
        const units = round2(module === 'Area' ? between(random, 2, 40) : between(random, 0.5, 6));
        credits.push({ type, ...habitatFor(module, supplyBands), permanent: true, units: [units] });
        sellableValue += units * unitPrice;
      }
    } else {
      const perYear = round2(between(random, 20, 400));
      const permanent = random() < 0.7;
      const lasts = permanent ? years : Math.min(years, 2 + Math.floor(random() * (years - 1)));
      const units = permanent
        ? shapes.rampUp
          ? rampingUnits(shaped, perYear)
          : [perYear]
        : shapes.shortTerm
          ? shortTermUnits(shaped, perYear, years)
          : Array.from({ length: years }, (_, t) => (t < lasts ? perYear : 0));
      credits.push({ type, permanent, units });
      sellableValue +=
        shapes.rampUp || shapes.shortTerm
          ? (unitsOverYears(units, years) * unitPrice) / years
          : (perYear * unitPrice * lasts) / years;
    }
    projects.push({
      id: `P${pad(i + 1, width)}`,
      offer: Math.round(sellableValue * 0.85),
      group: projectGroup,
      ...(type === 'Biodiversity' ? at : { subcatchment }),
      credits,
    });
  }

  const requirements: Instance['requirements'] = [];
  const needOfGroup = new Map<
    string,
    { type: CreditType; module: Module; at: { lpa: string; nca: string }; subcatchment: string }
  >();
  const developments = shapes.andGroups ? developmentGroups(shaped) : null;
  for (let i = 0; i < shape.requirements; i++) {
    const drawnGroup = group('H', i);
    // A development's needs of several credit types: one AND group, in one place.
    const development = developments?.next(i, (type) => ({
      type,
      module: weighted(random, moduleMix),
      at: place(),
      subcatchment: pick(random, subcatchments),
    }));
    const requirementGroup = developments ? development?.group : drawnGroup;
    const site = development?.site ?? (requirementGroup ? needOfGroup.get(requirementGroup.id) : undefined);
    const type = site?.type ?? weighted(random, TYPE_MIX);
    const at = site?.at ?? place();
    const subcatchment = site?.subcatchment ?? pick(random, subcatchments);
    const module = site?.module ?? weighted(random, moduleMix);
    if (requirementGroup && !site) needOfGroup.set(requirementGroup.id, { type, module, at, subcatchment });
    const [low, high] = PRICE[type].bid;
    const unitPrice = between(random, low, high);
    const divisibleRoll = random();
    const divisible = shapes.halfDivisible
      ? type === 'Biodiversity' && divisibleRoll < HALF_DIVISIBLE_BIODIVERSITY
      : divisibleRoll < 0.6;
    const common = { id: `R${pad(i + 1, width)}`, divisible, group: requirementGroup };
    if (type === 'Biodiversity') {
      const units = round2(module === 'Area' ? between(random, 0.5, 8) : between(random, 0.2, 2));
      requirements.push({
        ...common,
        bid: Math.round(units * unitPrice),
        type,
        ...habitatFor(module, demandBands),
        ...at,
        localOnly: random() < localOnly,
        subcatchment: null,
        ongoingOnly: false,
        units: [units],
      });
    } else {
      const perYear = round2(between(random, 5, 60));
      // A later start in some rounds, never past the last year (the same draws whenever years >= 3).
      const starts = random() < 0.3 ? Math.floor(random() * Math.min(3, years)) : 0;
      const ongoingOnly = random() < 0.25;
      const paired = shapes.nitrogenPairs && type === 'NutrientMitigationNitrogen';
      const mixed: Instance['requirements'][number] = {
        ...common,
        bid: Math.round(perYear * unitPrice * ((years - starts) / years)),
        type,
        subcatchment,
        localOnly: false,
        ongoingOnly: paired ? false : ongoingOnly,
        units: Array.from({ length: years }, (_, t) => (t >= starts ? perYear : 0)),
      };
      requirements.push(...(paired ? nitrogenPair(shaped, mixed, unitPrice) : [mixed]));
    }
  }
  return { years, reservePercent: 15, buyerShareOfSurplus: 0.5, neighbours, projects, requirements };
}
