/** How many yearly periods a round clears at least and at most (MARKET.md section 3). */
const ROUND_PERIOD_YEARS = { min: 1, max: 10 } as const;

/** One yearly period of a round: a calendar year. */
export interface RoundPeriod {
  /** 0 for the first delivery year. */
  index: number;
  year: number;
  /** 'yyyy-01-01' */
  start: string;
  /** 'yyyy-12-31' */
  end: string;
}

const yearOf = (date: string | Date): number =>
  typeof date === 'string' ? Number(date.slice(0, 4)) : date.getUTCFullYear();

/**
 * The yearly periods of a round (MARKET.md section 3): from the first delivery year to the year of the AMP end, at
 * least 1 and at most 10. Without an AMP end (a biodiversity-only round) there is one period.
 */
export const roundYearlyPeriods = (round: {
  firstDeliveryYear: number;
  ampEnd?: string | Date | null;
}): RoundPeriod[] => {
  const first = round.firstDeliveryYear;
  const last = round.ampEnd === undefined || round.ampEnd === null ? first : yearOf(round.ampEnd);
  const count = Math.min(ROUND_PERIOD_YEARS.max, Math.max(ROUND_PERIOD_YEARS.min, last - first + 1));
  return Array.from({ length: count }, (_, index) => {
    const year = first + index;
    return { index, year, start: `${year}-01-01`, end: `${year}-12-31` };
  });
};

/**
 * The first delivery year of a round: the year after its bids and offers close (credits are delivered from then),
 * given the date they close (or the date it is asked, while it is not known).
 */
export const firstDeliveryYear = (closesOn: string | Date): number => yearOf(closesOn) + 1;
