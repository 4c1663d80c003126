import { formatIsoDate } from '@curlew/domain';

const DAY = 24 * 60 * 60 * 1000;

/** The demo's history (its settled round) was written as of this day: its last past date falls before it. */
const HISTORY_WRITTEN_AS_OF = { year: 2026, month: 7, day: 1 } as const;

/**
 * How many whole years the demo's written history moves so that it ends in the past, however late the demo is
 * seeded: 0 from 1 July 2026 to 30 June 2027, 1 the year after, and so on (negative before).
 */
export function historyShift(now: Date): number {
  const { year, month, day } = HISTORY_WRITTEN_AS_OF;
  const reached =
    now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year + (reached ? 0 : -1);
}

/** A written history date (ISO date or a 'yyyy-MM-' prefix) moved by the history's shift. */
export const historyDate = (now: Date, iso: string): string =>
  `${Number(iso.slice(0, 4)) + historyShift(now)}${iso.slice(4)}`;

/** The year the written history calls `year`, once moved. */
export const historyYear = (now: Date, year: number): number => year + historyShift(now);

/** An ISO date `days` from now (negative: before). */
export const dayFrom = (now: Date, days: number): string =>
  formatIsoDate(new Date(now.getTime() + days * DAY));

/** The instant `days` before now. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY);

/**
 * The demo rounds' names, each after the year its dates fall in: the settled round and the closed and bidding rounds
 * of last year's history, the open and draft rounds of this year (on 1 January to 30 June, of the year before the
 * history moves on).
 */
export function demoRoundNames(now: Date) {
  const last = historyYear(now, 2025);
  const current = now.getUTCFullYear();
  return {
    settling: `Round 1 ${last}`,
    closed: `Round 2 ${last}`,
    bidding: `Round 3 ${last}`,
    open: `Round 1 ${current}`,
    draft: `Round 2 ${current}`,
  } as const;
}
