import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withEndAfterStart, withMatchingPasswords } from './crossField.ts';
import { dateValue, optionalDate } from './dates.ts';
import { toFieldErrors } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { requiredText } from './rules.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldErrors(result.error);
};

describe('withMatchingPasswords', () => {
  const schema = withMatchingPasswords(
    z.object({
      password: z.string().min(8, { error: 'Too short' }),
      confirmPassword: z.string({ error: () => MESSAGES.required }).min(1, { error: MESSAGES.required }),
      name: requiredText(),
    }),
  );
  const mismatch = { path: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch };

  it.each([
    ['matching, all valid', { password: 'longenough', confirmPassword: 'longenough', name: 'A' }, []],
    ['mismatch only', { password: 'longenough', confirmPassword: 'different', name: 'A' }, [mismatch]],
    [
      'mismatch together with another field error',
      { password: 'longenough', confirmPassword: 'different' },
      [{ path: 'name', message: MESSAGES.required }, mismatch],
    ],
    [
      'mismatch together with an error on password itself',
      { password: 'short', confirmPassword: 'shorter', name: 'A' },
      [{ path: 'password', message: 'Too short' }, mismatch],
    ],
    [
      'no mismatch when confirmation is missing',
      { password: 'longenough', name: 'A' },
      [{ path: 'confirmPassword', message: MESSAGES.required }],
    ],
    [
      'no mismatch when confirmation is empty',
      { password: 'longenough', confirmPassword: '', name: 'A' },
      [{ path: 'confirmPassword', message: MESSAGES.required }],
    ],
  ])('%s', (_case, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });

  it('does not run on something that is not an object', () => {
    expect(errorsOf(schema, undefined)).toHaveLength(1);
  });
});

describe('withEndAfterStart', () => {
  const schema = withEndAfterStart(
    z.object({ start: dateValue(), end: optionalDate(), label: requiredText() }),
    {
      start: 'start',
      end: 'end',
    },
  );
  const afterStart = { path: 'end', message: MESSAGES.afterStartDate };

  it.each([
    ['end after start', { start: '2025-01-01', end: '2025-01-02', label: 'x' }, []],
    ['end equal to start', { start: '2025-01-01', end: '2025-01-01', label: 'x' }, [afterStart]],
    ['end before start', { start: '2025-01-02', end: '2025-01-01T23:00:00Z', label: 'x' }, [afterStart]],
    [
      'reported together with other errors',
      { start: '2025-01-02', end: '2025-01-01' },
      [{ path: 'label', message: MESSAGES.required }, afterStart],
    ],
    ['no end date', { start: '2025-01-02', label: 'x' }, []],
    [
      'invalid start',
      { start: 'nope', end: '2025-01-01', label: 'x' },
      [{ path: 'start', message: MESSAGES.invalidDate }],
    ],
  ])('%s', (_case, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });
});
