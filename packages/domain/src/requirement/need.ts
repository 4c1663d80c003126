import type { RoundPeriod } from '../market/round.periods.ts';
import type { NutrientRequirementType } from '../vocab/credits.ts';

/** One year's need of a nutrient requirement, kg/yr. */
export interface YearlyNeed {
  year: number;
  ongoing: number;
  additional: number;
  total: number;
}

/**
 * A buyer's nutrient need per yearly period (MARKET.md section 3): ongoing units every year, additional units in the
 * years up to the AMP end (its year included); the type says which of the two apply.
 */
export const requirementNeedByYear = (
  need: {
    nutrientType: NutrientRequirementType;
    nutrientOngoingUnits?: number | null;
    nutrientAdditionalUnits?: number | null;
  },
  periods: readonly Pick<RoundPeriod, 'year'>[],
  ampEnd: string | null,
): YearlyNeed[] => {
  const ampEndYear = ampEnd === null ? null : Number(ampEnd.slice(0, 4));
  const ongoing = need.nutrientType === 'additional' ? 0 : (need.nutrientOngoingUnits ?? 0);
  const additional = need.nutrientType === 'ongoing' ? 0 : (need.nutrientAdditionalUnits ?? 0);
  return periods.map(({ year }) => {
    const extra = ampEndYear !== null && year <= ampEndYear ? additional : 0;
    return { year, ongoing, additional: extra, total: ongoing + extra };
  });
};

/** A bid spread over what it buys (SPEC 3 bid, issue 19: per unit and per unit-year), null where nothing is bought. */
export interface BidRates {
  perUnit: number | null;
  perUnitYear: number | null;
}

/**
 * The bid per unit (the bid over the units of one year at the peak of the need, or over biodiversity units) and per
 * unit-year (the bid over the units summed over every year of the need), in pounds to 2 decimals.
 */
export const bidRates = (bid: number, yearlyUnits: readonly number[]): BidRates => {
  const peak = yearlyUnits.reduce((max, units) => Math.max(max, units), 0);
  const total = yearlyUnits.reduce((sum, units) => sum + units, 0);
  const rate = (units: number) => (units > 0 ? Math.round((bid / units) * 100) / 100 : null);
  return { perUnit: rate(peak), perUnitYear: rate(total) };
};
