import { z } from 'zod';
import { isAfterTodayUtc, parseDateValue, utcDayNumber } from '../validation/date-values.ts';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from '../validation/messages.ts';
import { boundedString, requiredError } from '../validation/rules.ts';
import { fileProblem } from './uploads.ts';
import { isUploadedFile, type RichTextValue, type UploadedFile } from './values.ts';

/** Message of a value that is not a time of day from 00:00 to 23:59. */
const INVALID_TIME_MESSAGE = 'Not a valid time';

/** `HH:mm` from 00:00 to 23:59 (SPEC 5 "Form engine"). */
const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date written `yyyy-MM-dd`. */
export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The value of a required Date field: an ISO date `yyyy-MM-dd`. */
export const isoDateValue = () =>
  z
    .string({ error: requiredError })
    .max(LENGTH_LIMITS.code, { error: MESSAGES.invalidDate })
    .refine(isIsoDate, { error: MESSAGES.invalidDate });

/** Whether an ISO date falls after today (by UTC day). */
const isAfterToday = (value: string): boolean => {
  const date = parseDateValue(value);
  return date !== undefined && isAfterTodayUtc(date);
};

/** Whether an ISO date falls before today (by UTC day). */
const isBeforeToday = (value: string): boolean => {
  const date = parseDateValue(value);
  return date !== undefined && utcDayNumber(date) < utcDayNumber(new Date());
};

/** A required Date field that cannot be later than today, by UTC day ('Cannot be in the future': checks, assessments). */
export const pastOrTodayIsoDateValue = () =>
  isoDateValue().refine((value) => !isAfterToday(value), { error: MESSAGES.futureDate });

/** A required Date field that cannot be earlier than today, by UTC day ('Cannot be in the past': redemption dates). */
export const todayOrLaterIsoDateValue = () =>
  isoDateValue().refine((value) => !isBeforeToday(value), { error: MESSAGES.pastDate });

/** An optional Date field that cannot be earlier than today: blank is absent. */
export const optionalTodayOrLaterIsoDateValue = () =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    todayOrLaterIsoDateValue().optional(),
  );

/** The value of a required Time field: `HH:mm` from 00:00 to 23:59. */
export const timeValue = () =>
  z.string({ error: requiredError }).regex(TIME_OF_DAY_PATTERN, { error: INVALID_TIME_MESSAGE });

/** The value of a required DateTime field: an ISO 8601 instant. */
export const dateTimeValue = () =>
  z
    .string({ error: requiredError })
    .max(LENGTH_LIMITS.code, { error: MESSAGES.invalidDate })
    .refine((value) => !Number.isNaN(Date.parse(value)) && value.includes('T'), {
      error: MESSAGES.invalidDate,
    });

/** The answer of a required YesNo field: true or false ('Field required' while unanswered). */
export const yesNoValue = () => z.boolean({ error: requiredError });

/** A Checkbox that must be ticked ('Must be agreed to'). */
export const agreedValue = () =>
  z.boolean({ error: () => MESSAGES.mustAgree }).refine((value) => value, { error: MESSAGES.mustAgree });

/** The value of a required RichText field: {json, text} with some text. */
export const richTextValue = () =>
  z
    .object(
      { json: boundedString(LENGTH_LIMITS.richTextJson), text: boundedString(LENGTH_LIMITS.richText) },
      { error: requiredError },
    )
    .refine((value: RichTextValue) => value.text.trim() !== '', { error: MESSAGES.required });

/** The choices of a required SelectMulti field: at least one ('Empty array'). */
export const choicesValue = () =>
  z
    .array(boundedString(LENGTH_LIMITS.code), { error: requiredError })
    .min(1, { error: MESSAGES.emptyArray })
    .max(1000, { error: 'Too many choices' });

/**
 * The value of a required File field: a browser `File` or the server's `UploadedFile` descriptor, kept as is
 * (not copied) so the server keeps whatever it attached. Executables and disk images are refused, then `accept`
 * (extensions without dots) applies.
 */
export const fileValue = (accept?: readonly string[]) =>
  z
    .custom<UploadedFile>((value) => isUploadedFile(value), { error: requiredError })
    .superRefine((file, ctx) => {
      const problem = fileProblem(file, accept);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Field id under which the answers to an action's declarations are kept: `{ [declarationId]: boolean }`. */
export const DECLARATIONS_FIELD = 'declarations';

/** Answers to declarations: every one must be true ('Must be agreed to'). */
export const declarationsValue = () =>
  z.record(
    z.string().max(LENGTH_LIMITS.code, { error: tooLongMessage(LENGTH_LIMITS.code) }),
    z.boolean().refine((value) => value, { error: MESSAGES.mustAgree }),
  );

/** The value of an optional Date field: blank is absent, anything else an ISO date `yyyy-MM-dd`. */
export const optionalIsoDateValue = () =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), isoDateValue().optional());

/** The value of an optional File field (executables and disk images refused, then `accept`). */
export const optionalFileValue = (accept?: readonly string[]) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), fileValue(accept).optional());
