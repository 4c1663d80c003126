import type { HabitatDistinctivenessBand } from '../refdata/habitat.schema.ts';
import type { Condition } from '../vocab/habitats.ts';
import {
  METRIC_CONDITION_SCORES,
  METRIC_DIFFICULTY,
  METRIC_DISTINCTIVENESS_SCORES,
  METRIC_STRATEGIC_SIGNIFICANCE,
  METRIC_TIME_TO_TARGET,
  METRIC_TIME_TO_TARGET_BEYOND_30,
} from './metric.data.ts';

/** Difficulty levels of creating or enhancing a habitat in the statutory metric. */
export const METRIC_DIFFICULTIES = [
  'Low',
  'Medium',
  'High',
  'VeryHigh',
] as const satisfies readonly (keyof typeof METRIC_DIFFICULTY)[];
/** One difficulty level. */
export type MetricDifficulty = (typeof METRIC_DIFFICULTIES)[number];
/** Strategic significance levels of a habitat's location. */
export const STRATEGIC_SIGNIFICANCE_LEVELS = [
  'High',
  'Medium',
  'Low',
] as const satisfies readonly (keyof typeof METRIC_STRATEGIC_SIGNIFICANCE)[];
/** One strategic significance level. */
export type StrategicSignificance = (typeof STRATEGIC_SIGNIFICANCE_LEVELS)[number];

/** The time-to-target multiplier for the whole years a habitat takes to reach its target condition. */
export const timeToTargetMultiplier = (years: number): number => {
  const whole = Math.max(0, Math.floor(years));
  return METRIC_TIME_TO_TARGET[whole] ?? METRIC_TIME_TO_TARGET_BEYOND_30;
};

/** What the statutory-metric estimate of a biodiversity service reads. */
export interface MetricEstimateInput {
  /** Hectares (area habitats) or kilometres (hedgerows, watercourses). */
  size: number;
  distinctiveness: HabitatDistinctivenessBand;
  /** The habitat record's own score, when known (hedgerow bands score differently from area bands). */
  distinctivenessScore?: number;
  condition: Condition | 'NotApplicable';
  strategicSignificance: StrategicSignificance;
  difficulty: MetricDifficulty;
  yearsToTargetCondition: number;
}

/**
 * The statutory-metric estimate of the units a created habitat yields: size x distinctiveness score x condition
 * score x strategic significance x difficulty x time to target, to 2 decimals. Shown beside the supplier's own
 * figures so an operator sees when a claim is out of line.
 */
export const estimateBiodiversityUnits = (input: MetricEstimateInput): number => {
  const distinctiveness = input.distinctivenessScore ?? METRIC_DISTINCTIVENESS_SCORES[input.distinctiveness];
  const units =
    input.size *
    distinctiveness *
    METRIC_CONDITION_SCORES[input.condition] *
    METRIC_STRATEGIC_SIGNIFICANCE[input.strategicSignificance] *
    METRIC_DIFFICULTY[input.difficulty] *
    timeToTargetMultiplier(input.yearsToTargetCondition);
  return Math.round(units * 100) / 100;
};

/**
 * The units a biodiversity service sells (MARKET.md section 3): the net gain at target condition, the last yearly
 * gain less the baseline units lost; 0 when there is no gain yet.
 */
export const biodiversityServiceUnits = (supply: {
  gainsPerYear: readonly number[];
  baselineUnitsLost: number;
}): number => {
  const last = supply.gainsPerYear.at(-1);
  return last === undefined ? 0 : Math.round((last - supply.baselineUnitsLost) * 100) / 100;
};

/** How far a claim is from the estimate, as a fraction of the estimate (0.25 = 25 % more); null without an estimate. */
const claimDeviation = (claimed: number, estimate: number): number | null =>
  estimate === 0 ? null : (claimed - estimate) / estimate;

/** A claim further from the estimate than this fraction is shown as out of line. */
const CLAIM_DEVIATION_TOLERANCE = 0.25;

/** Whether a supplier's claimed units are out of line with the statutory-metric estimate. */
export const isClaimOutOfLine = (claimed: number, estimate: number): boolean => {
  const deviation = claimDeviation(claimed, estimate);
  return deviation === null ? claimed > 0 : Math.abs(deviation) > CLAIM_DEVIATION_TOLERANCE;
};
