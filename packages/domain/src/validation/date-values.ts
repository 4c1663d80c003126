/** Reading and comparing dates without a schema, for the pages that show them and for the date rules. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const isCalendarDate = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * Reads a date value as forms and JSON carry it: a Date, 'yyyy-MM-dd' (midnight UTC), or an ISO date-time;
 * a date-time without an offset is read as UTC so the result never depends on the machine's time zone.
 * Returns undefined when the value is not a real date (e.g. '2025-02-30').
 */
export const parseDateValue = (value: unknown): Date | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, zone] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return undefined;
  if (hour === undefined) return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return undefined;
  const isoText = text.replace(' ', 'T');
  const parsed = new Date(zone ? isoText : `${isoText}Z`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
};

/** Days since 1970-01-01 of the UTC calendar day a moment falls on. */
export const utcDayNumber = (date: Date): number => Math.floor(date.getTime() / 86_400_000);

/** Whether a date falls on a UTC day later than today's (SPEC 5 'Cannot be in the future'). */
export const isAfterTodayUtc = (date: Date, now: Date = new Date()): boolean =>
  utcDayNumber(date) > utcDayNumber(now);
