import { z } from 'zod';
import { hasNulCharacter, LENGTH_LIMITS, MESSAGES, tooLongMessage } from './messages.ts';

/** Gives 'Field required' when the value is missing, null or undefined; other failures keep their own message. */
export const requiredError = (issue: { input?: unknown }): string | undefined =>
  issue.input === undefined || issue.input === null ? MESSAGES.required : undefined;

/**
 * A string of at most `max` characters without NUL characters (neither can be stored or shown sensibly);
 * missing, null or undefined gives 'Field required'. The base of every text rule below.
 */
export const boundedString = (max: number) =>
  z
    .string({ error: () => MESSAGES.required })
    .max(max, { error: tooLongMessage(max) })
    .refine((value) => !hasNulCharacter(value), { error: MESSAGES.nulCharacter });

/** A required string (at most `max` characters): missing, null, undefined or blank (after trimming) gives 'Field required'. */
export const requiredText = (max: number = LENGTH_LIMITS.text) =>
  z
    .string({ error: () => MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: tooLongMessage(max) })
    .refine((value) => !hasNulCharacter(value), { error: MESSAGES.nulCharacter });

/** An optional string (at most `max` characters) where empty text counts as absent (SPEC 5: empty text input is stored as undefined). */
export const optionalText = (max: number = LENGTH_LIMITS.text) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(max, { error: tooLongMessage(max) })
      .refine((value) => !hasNulCharacter(value), { error: MESSAGES.nulCharacter })
      .optional(),
  );

/** A required e-mail address (at most 254 characters). */
export const email = () =>
  z
    .string({ error: () => MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(LENGTH_LIMITS.email, { error: tooLongMessage(LENGTH_LIMITS.email) })
    .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** A number that must be 0 or more. */
export const nonNegativeNumber = () =>
  z.number({ error: requiredError }).min(0, { error: MESSAGES.nonNegative });

/** A number that must be greater than 0. */
export const positiveNumber = () => z.number({ error: requiredError }).gt(0, { error: MESSAGES.positive });

/** A required number of any value; missing, null or undefined gives 'Field required'. */
export const requiredNumber = () => z.number({ error: requiredError });

/** A required yes/no answer (true or false); missing gives 'Field required'. */
export const yesNo = () => z.boolean({ error: requiredError });

/** A box that must be ticked: false gives 'Must be agreed to', missing gives 'Field required'. */
export const agreedTo = () =>
  z.boolean({ error: requiredError }).refine((value) => value, { error: MESSAGES.mustAgree });

/** A confirmation that must be Yes: false gives 'Must be confirmed', missing gives 'Field required'. */
export const confirmed = () =>
  z.boolean({ error: requiredError }).refine((value) => value, { error: MESSAGES.mustConfirm });

/** A list that needs at least one item: [] gives 'Empty array', missing gives 'Field required'. */
export const nonEmptyArray = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: requiredError }).min(1, { error: MESSAGES.emptyArray });
