import { CREDIT_DURATION_YEARS, type CreditDuration } from '@curlew/domain';

/** The yearly periods a permanent nutrient service is shown for (MARKET.md: at most 10 yearly periods). */
const PERMANENT_PERIODS = 10;

/** One yearly period of units. */
interface UnitsPeriod {
  start: string;
  end: string;
  units: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The ISO date `years` years after `start`, less `lessDays` days. */
const yearsAfter = (start: string, years: number, lessDays = 0): string => {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() - lessDays);
  return date.toISOString().slice(0, 10);
};

/** The yearly period `index` from `start`: one year long, its last day included. */
const yearlyPeriod = (start: string, index: number): { start: string; end: string } => ({
  start: yearsAfter(start, index),
  end: yearsAfter(start, index + 1, 1),
});

/** A nutrient service's kg/yr for each year it runs from `begins` (10 years shown when permanent). */
export const nutrientPeriods = (begins: string, duration: CreditDuration, units: number): UnitsPeriod[] => {
  const years = CREDIT_DURATION_YEARS[duration] ?? PERMANENT_PERIODS;
  return Array.from({ length: years }, (_, index) => ({ ...yearlyPeriod(begins, index), units }));
};

/**
 * A biodiversity service's units in each year from delivery to target condition: the year's gain less the baseline
 * units lost (never below 0), times the service's share of the project's biodiversity habitat (by size).
 */
export const biodiversityPeriods = (
  begins: string,
  supply: { baselineUnitsLost: number; gainsPerYear: readonly number[] },
  share: number,
): UnitsPeriod[] =>
  supply.gainsPerYear.map((gain, index) => ({
    ...yearlyPeriod(begins, index),
    units: round2(Math.max(0, gain - supply.baselineUnitsLost) * share),
  }));
