/**
 * The multipliers of the statutory biodiversity metric 4.0 (Natural England, OGL-UK-3.0), as shipped in
 * `metric-multipliers.csv` of the reference data (its SOURCES.md names the Defra extraction). Generated from that
 * file; change both together.
 */

/** Score of each distinctiveness band (area habitats; a habitat record's own score wins where it differs). */
export const METRIC_DISTINCTIVENESS_SCORES = {
  VeryLow: 0,
  Low: 2,
  Medium: 4,
  High: 6,
  VeryHigh: 8,
} as const;

/** Score of each condition; habitats whose condition cannot be assessed score 1. */
export const METRIC_CONDITION_SCORES = {
  Good: 3,
  FairlyGood: 2.5,
  Moderate: 2,
  FairlyPoor: 1.5,
  Poor: 1,
  NotApplicable: 1,
} as const;

/** Strategic significance multipliers: High formally identified in a local strategy, Medium desirable, Low neither. */
export const METRIC_STRATEGIC_SIGNIFICANCE = {
  High: 1.15,
  Medium: 1.1,
  Low: 1,
} as const;

/** Difficulty multipliers of creating or enhancing a habitat. */
export const METRIC_DIFFICULTY = {
  Low: 1,
  Medium: 0.67,
  High: 0.33,
  VeryHigh: 0.1,
} as const;

/** Time-to-target multipliers by whole years to reach target condition, 0 to 30. */
export const METRIC_TIME_TO_TARGET = [
  1, 0.965, 0.931, 0.899, 0.867, 0.837, 0.808, 0.779, 0.752, 0.726, 0.7, 0.676, 0.652, 0.629, 0.607, 0.586,
  0.566, 0.546, 0.527, 0.508, 0.49, 0.473, 0.457, 0.441, 0.425, 0.41, 0.396, 0.382, 0.369, 0.356, 0.343,
] as const;

/** The time-to-target multiplier beyond 30 years. */
export const METRIC_TIME_TO_TARGET_BEYOND_30 = 0.32;
