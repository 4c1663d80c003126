import { labelsOf } from './labels.ts';

/** Broad habitats (SPEC 3); each habitat type maps to one of them. */
const BROAD_HABITATS = [
  'Cropland',
  'Grassland',
  'Heathland and scrub',
  'Hedgerow',
  'Individual trees',
  'Lakes',
  'Wetland',
  'Woodland and forest',
  'Woodpasture',
  'Not applicable',
] as const;
/** One broad habitat. */
export type BroadHabitat = (typeof BROAD_HABITATS)[number];

/** Biodiversity metric modules (SPEC 3). */
export const MODULES = ['Area', 'Linear', 'River', 'NA'] as const;
/** One module. */
export type Module = (typeof MODULES)[number];
/** Size units of the modules. */
export const SIZE_UNITS = ['ha', 'km'] as const;
/** One size unit. */
export type SizeUnit = (typeof SIZE_UNITS)[number];
/** The unit sizes are measured in for each module: hectares for areas, kilometres for lines and rivers; none for NA. */
export const MODULE_UNITS = {
  Area: 'ha',
  Linear: 'km',
  River: 'km',
  NA: null,
} as const satisfies Record<Module, SizeUnit | null>;
/** Labels of the modules. */
export const MODULE_LABELS = labelsOf(MODULES, { NA: 'Not applicable' });

/** Habitat conditions, worst first (SPEC 3). */
export const CONDITIONS = ['Poor', 'FairlyPoor', 'Moderate', 'FairlyGood', 'Good'] as const;
/** One habitat condition. */
export type Condition = (typeof CONDITIONS)[number];
/** Labels of the habitat conditions. */
export const CONDITION_LABELS = labelsOf(CONDITIONS);

/** Distinctiveness levels, lowest first: the order is the ranking (SPEC 3). */
export const DISTINCTIVENESS = ['Low', 'Medium', 'High', 'VeryHigh'] as const;
/** One distinctiveness level. */
export type Distinctiveness = (typeof DISTINCTIVENESS)[number];
/** Labels of the distinctiveness levels. */
export const DISTINCTIVENESS_LABELS = labelsOf(DISTINCTIVENESS);
/** Rank of each distinctiveness level (higher is more distinctive). */
const DISTINCTIVENESS_RANK = {
  Low: 0,
  Medium: 1,
  High: 2,
  VeryHigh: 3,
} as const satisfies Record<Distinctiveness, number>;

/** Whether level `a` is at least as distinctive as `b`: a higher level accepts (may stand in for) the lower ones. */
export const distinctivenessAtLeast = (a: Distinctiveness, b: Distinctiveness): boolean =>
  DISTINCTIVENESS_RANK[a] >= DISTINCTIVENESS_RANK[b];

/** Distinctiveness levels at which a buyer must name the habitat type (SPEC 5 "Buyer biodiversity credits"). */
export const HABITAT_TYPE_REQUIRED_DISTINCTIVENESS = [
  'High',
  'VeryHigh',
] as const satisfies readonly Distinctiveness[];

/** Whether a distinctiveness (any value, as a form holds it) asks for the habitat type: High and VeryHigh. */
export const habitatTypeRequired = (distinctiveness: unknown): boolean =>
  (HABITAT_TYPE_REQUIRED_DISTINCTIVENESS as readonly unknown[]).includes(distinctiveness);
