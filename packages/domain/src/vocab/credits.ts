import { memberOf } from '../validation/member.ts';

/** Credit types; also the services a market round trades (SPEC 3). */
export const CREDIT_TYPES = [
  'Biodiversity',
  'NutrientMitigationNitrogen',
  'NutrientMitigationPhosphorous',
] as const;
/** One credit type. */
export type CreditType = (typeof CREDIT_TYPES)[number];
/** Whether a value is a credit type. */
export const isCreditType = memberOf(CREDIT_TYPES);
/** Human labels of the credit types. */
export const CREDIT_TYPE_LABELS = {
  Biodiversity: 'Biodiversity',
  NutrientMitigationNitrogen: 'Nitrogen',
  NutrientMitigationPhosphorous: 'Phosphorous',
} as const satisfies Record<CreditType, string>;

/** The nutrient credit types (nitrogen and phosphorous). */
export const NUTRIENT_CREDIT_TYPES = ['NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'] as const;
/** One nutrient credit type. */
export type NutrientCreditType = (typeof NUTRIENT_CREDIT_TYPES)[number];
/** Whether a credit type is nitrogen or phosphorous mitigation. */
export const isNutrientCreditType = memberOf(NUTRIENT_CREDIT_TYPES);

/** Credit units (SPEC 3): permanent biodiversity, permanent and short-term nitrogen and phosphorous. */
const CREDIT_UNITS = [
  'PermanentBiodiversity',
  'PermanentNitrogen',
  'ShortTermNitrogen',
  'PermanentPhosphorous',
  'ShortTermPhosphorous',
] as const;
/** One credit unit. */
export type CreditUnit = (typeof CREDIT_UNITS)[number];

/** Credit durations: permanent, or one to five years (SPEC 3 and 9). */
export const CREDIT_DURATIONS = [
  'Permanent',
  'OneYear',
  'TwoYears',
  'ThreeYears',
  'FourYears',
  'FiveYears',
] as const;
/** One credit duration. */
export type CreditDuration = (typeof CREDIT_DURATIONS)[number];
/** Number of years of each duration; null for permanent. */
export const CREDIT_DURATION_YEARS = {
  Permanent: null,
  OneYear: 1,
  TwoYears: 2,
  ThreeYears: 3,
  FourYears: 4,
  FiveYears: 5,
} as const satisfies Record<CreditDuration, number | null>;
/** Labels of the credit durations. */
export const CREDIT_DURATION_LABELS = {
  Permanent: 'Permanent',
  OneYear: '1 year',
  TwoYears: '2 years',
  ThreeYears: '3 years',
  FourYears: '4 years',
  FiveYears: '5 years',
} as const satisfies Record<CreditDuration, string>;

/** The duration for a number of years (1-5), or 'Permanent' for null; undefined for any other number. */
export const creditDurationFromYears = (years: number | null): CreditDuration | undefined =>
  CREDIT_DURATIONS.find((duration) => CREDIT_DURATION_YEARS[duration] === years);

/** What a buyer's nutrient credits cover (SPEC 3 "Buyer credits"). */
export const NUTRIENT_REQUIREMENT_TYPES = ['ongoing', 'additional', 'both'] as const;
/** One nutrient requirement type. */
export type NutrientRequirementType = (typeof NUTRIENT_REQUIREMENT_TYPES)[number];
/** Labels of the nutrient requirement types. */
export const NUTRIENT_REQUIREMENT_TYPE_LABELS = {
  ongoing: 'Ongoing',
  additional: 'Additional',
  both: 'Both ongoing and additional',
} as const satisfies Record<NutrientRequirementType, string>;

/** Credit requirement types (SPEC 3). */
export const CREDIT_REQUIREMENT_TYPES = ['Buyer', 'Investor'] as const;
/** One credit requirement type. */
export type CreditRequirementType = (typeof CREDIT_REQUIREMENT_TYPES)[number];
