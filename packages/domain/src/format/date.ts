import { parseDateValue } from '../validation/dates.ts';
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

const partsOf = (value: DateInput, { timeZone = 'UTC' }: DateFormatOptions): DateParts => {
  const date = toDate(value);
  const zone = typeof value === 'string' && CALENDAR_DATE.test(value.trim()) ? 'UTC' : timeZone;
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
