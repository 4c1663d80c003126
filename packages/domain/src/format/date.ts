import { parseDateValue } from '../validation/date-values.ts';
import { LOCALE } from '../vocab/constants.ts';

/**
 * English month abbreviations for 'MMM'. Fixed rather than taken from Intl because ICU versions disagree
 * (en-GB gives 'Sept' in recent ones, 'Sep' in older ones) and the output must not depend on the machine.
 */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** What the date formatters accept: a Date, an ISO string ('yyyy-MM-dd' or a date-time), or epoch milliseconds. */
export type DateInput = Date | string | number;

/** Options of the date formatters. */
export interface DateFormatOptions {
  /** IANA time zone to show the moment in; UTC unless told. Ignored for 'yyyy-MM-dd' strings, which are calendar dates. */
  timeZone?: string;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

const partFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  return format;
};

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const toDate = (value: DateInput): Date => {
  const date = typeof value === 'number' ? new Date(value) : parseDateValue(value);
  if (!date || Number.isNaN(date.getTime())) throw new RangeError(`Not a valid date: ${String(value)}`);
  return date;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The first year of the UK's summer-time rule below (the EU rule, kept by the Summer Time Order 2002). */
const UK_RULE_FROM = 1996;

/** 01:00 UTC on the last Sunday of the month (0-based `month`) of `year`. */
const lastSundayOneAm = (year: number, month: number): number => {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
};

/**
 * The zone's offset from UTC at `date`, in hours, where it is known without Intl: 0 in UTC; in Europe/London from
 * 1996, British Summer Time (+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October. Building an Intl.DateTimeFormat first loads the browser's locale data, a pause every page would pay on
 * its first date; date.test.ts checks these offsets against Intl hour by hour. Undefined elsewhere: Intl answers.
 */
const knownOffsetHours = (date: Date, zone: string): number | undefined => {
  if (zone === 'UTC') return 0;
  if (zone !== 'Europe/London') return undefined;
  const year = date.getUTCFullYear();
  if (year < UK_RULE_FROM) return undefined;
  const at = date.getTime();
  return at >= lastSundayOneAm(year, 2) && at < lastSundayOneAm(year, 9) ? 1 : 0;
};

const partsOf = (value: DateInput, { timeZone = 'UTC' }: DateFormatOptions): DateParts => {
  const date = toDate(value);
  const zone = typeof value === 'string' && CALENDAR_DATE.test(value.trim()) ? 'UTC' : timeZone;
  const offset = knownOffsetHours(date, zone);
  if (offset !== undefined) {
    const local = new Date(date.getTime() + offset * HOUR_MS);
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
    };
  }
  const parts: Partial<DateParts> = {};
  for (const part of partFormat(zone).formatToParts(date)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day')
      parts[part.type] = Number(part.value);
    if (part.type === 'hour' || part.type === 'minute') parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = parts;
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined
  ) {
    throw new RangeError(`Cannot read the parts of ${date.toISOString()} in ${zone}`);
  }
  return { year, month, day, hour, minute };
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const monthName = (month: number): string => MONTH_ABBREVIATIONS[month - 1] ?? '';

/** Formats with a builder; absent values (null, undefined, '') show as blank. */
const formatWith =
  (build: (parts: DateParts) => string) =>
  (value: DateInput | null | undefined, options: DateFormatOptions = {}): string =>
    value === null || value === undefined || value === '' ? '' : build(partsOf(value, options));

/** 'd MMM yyyy', e.g. '3 Sep 2025'. */
export const formatDate = formatWith(({ year, month, day }) => `${day} ${monthName(month)} ${pad(year, 4)}`);

/** ISO date 'yyyy-MM-dd', e.g. '2025-09-03'. */
export const formatIsoDate = formatWith(
  ({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
);

/** 'MMM yyyy', e.g. 'Sep 2025'. */
export const formatMonthYear = formatWith(({ year, month }) => `${monthName(month)} ${pad(year, 4)}`);

/** 24-hour 'HH:mm', e.g. '09:05'. */
export const formatTime = formatWith(({ hour, minute }) => `${pad(hour)}:${pad(minute)}`);

/** 'd MMM yyyy HH:mm', e.g. '3 Sep 2025 09:05'. */
export const formatDateTime = formatWith(
  ({ year, month, day, hour, minute }) =>
    `${day} ${monthName(month)} ${pad(year, 4)} ${pad(hour)}:${pad(minute)}`,
);
