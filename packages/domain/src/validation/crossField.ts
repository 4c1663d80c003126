import type { z } from 'zod';
import { superRefine } from 'zod/mini';
import { MESSAGES } from './messages.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isValidDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime());

/** The fields compared by the password rule. */
export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/** A classic or zod/mini schema of the password pair: both accept checks through `.check()`. */
export interface PasswordPairSchema extends z.core.$ZodType<PasswordPair> {
  check(...checks: z.core.$ZodCheck<PasswordPair>[]): this;
}

/**
 * Adds 'Passwords do not match' on confirmPassword. The `when` option makes the rule run even when other
 * fields have failed (zod skips refinements of an object with errors by default), so the mismatch is reported
 * together with the other field errors; it is skipped only when either password is absent. The check comes
 * from zod/mini so that mini schemas (the authentication pages) do not pull in classic zod.
 */
export const withMatchingPasswords = <S extends PasswordPairSchema>(schema: S): S =>
  schema.check(
    superRefine<PasswordPair>(
      (value, ctx) => {
        if (value.password !== value.confirmPassword) {
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
        }
      },
      {
        when: ({ value }) =>
          isRecord(value) &&
          typeof value.password === 'string' &&
          typeof value.confirmPassword === 'string' &&
          value.confirmPassword !== '',
      },
    ),
  );

/** Names of the start and end fields of a date range. */
export interface DateRangeKeys<Start extends string, End extends string> {
  start: Start;
  end: End;
}

/**
 * Adds 'Must be after start date' on the end field when it is not strictly after the start. Runs even when
 * other fields have failed, as long as both dates parsed.
 */
export const withEndAfterStart = <
  Start extends string,
  End extends string,
  S extends z.ZodType<Partial<Record<Start | End, Date>>>,
>(
  schema: S,
  keys: DateRangeKeys<Start, End>,
): S =>
  schema.superRefine(
    (value, ctx) => {
      const start = value[keys.start];
      const end = value[keys.end];
      if (isValidDate(start) && isValidDate(end) && end.getTime() <= start.getTime()) {
        ctx.addIssue({ code: 'custom', path: [keys.end], message: MESSAGES.afterStartDate });
      }
    },
    {
      when: ({ value }) => isRecord(value) && isValidDate(value[keys.start]) && isValidDate(value[keys.end]),
    },
  );
