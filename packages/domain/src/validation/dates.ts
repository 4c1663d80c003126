import { z } from 'zod';
import { isAfterTodayUtc, parseDateValue } from './date-values.ts';
import { MESSAGES } from './messages.ts';

const missing = (value: unknown): boolean => value === undefined || value === null || value === '';

/** A required date: missing, null, undefined or '' gives 'Field required'; anything else not a date 'Not a valid date'. */
export const dateValue = () =>
  z
    .union([z.date(), z.string()], {
      error: (issue) => (missing(issue.input) ? MESSAGES.required : MESSAGES.invalidDate),
    })
    .transform((value, ctx) => {
      const date = parseDateValue(value);
      if (date) return date;
      ctx.addIssue({
        code: 'custom',
        input: value,
        message: missing(value) ? MESSAGES.required : MESSAGES.invalidDate,
      });
      return z.NEVER;
    });

/** An optional date: missing, null, undefined or '' becomes undefined; anything else must be a date. */
export const optionalDate = () =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), dateValue().optional());

/** Options of the dates that must not be in the future; `now` is the clock (tests pass a fixed one). */
export interface NotInFutureOptions {
  now?: () => Date;
}

/** A required date on or before today, by UTC day: later gives 'Cannot be in the future'. */
export const pastOrTodayDate = ({ now = () => new Date() }: NotInFutureOptions = {}) =>
  dateValue().refine((date) => !isAfterTodayUtc(date, now()), { error: MESSAGES.futureDate });
