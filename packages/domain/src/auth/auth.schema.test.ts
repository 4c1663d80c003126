import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { toFieldErrors } from '../validation/errors.ts';
import { MESSAGES } from '../validation/messages.ts';
import { profileSchema, signUpSchema } from './auth.phone.schema.ts';
import {
  checkTotpSchema,
  completeInvitationSchema,
  confirmSignUpSchema,
  loginSchema,
  newPasswordSchema,
  updatePasswordSchema,
} from './auth.schema.ts';

const errorsOf = (schema: ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldErrors(result.error);
};

const mismatch = { path: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch };

describe('Passwords do not match is reported with the other field errors', () => {
  it.each([
    ['sign-up', signUpSchema, { password: 'correct horse', confirmPassword: 'correct hoarse' }],
    ['update password', updatePasswordSchema, { password: 'correct horse', confirmPassword: 'other one' }],
    ['complete invitation', completeInvitationSchema, { password: 'correct horse', confirmPassword: 'x' }],
  ])('%s', (_form, schema, value) => {
    const errors = errorsOf(schema, value);
    expect(errors).toContainEqual(mismatch);
    expect(errors.length).toBeGreaterThan(1);
  });

  it('new password with only the mismatch', () => {
    expect(
      errorsOf(newPasswordSchema, { password: 'correct horse', confirmPassword: 'correct hoarse' }),
    ).toEqual([mismatch]);
  });

  it('sign-up lists every failing field at once', () => {
    expect(
      errorsOf(signUpSchema, {
        password: 'short',
        confirmPassword: 'shorter',
        displayName: '',
        phone: '0770',
        email: 'nobody',
        organisationName: 'Meadow Farm',
        organisationType: 'OPER',
      }).map((error) => error.path),
    ).toEqual(['password', 'displayName', 'phone', 'email', 'organisationType', 'confirmPassword']);
  });

  it('sign-up says the passwords do not match while every other field is still empty', () => {
    expect(
      errorsOf(signUpSchema, {
        password: 'correct horse',
        confirmPassword: 'correct hoarse',
        displayName: '',
        phone: '',
        email: '',
        organisationName: '',
        organisationType: '',
      }),
    ).toContainEqual(mismatch);
  });

  it('asks a participant for a mailing address; an agent may leave it blank', () => {
    const complete = {
      password: 'correct horse',
      confirmPassword: 'correct horse',
      displayName: 'Jo',
      phone: '+44 7700 900123',
      email: 'jo@example.org',
      organisationName: 'Meadow Farm',
    };
    expect(
      errorsOf(signUpSchema, { ...complete, organisationType: 'PARTICIPANT', mailingAddress: '  ' }),
    ).toEqual([{ path: 'mailingAddress', message: MESSAGES.required }]);
    expect(errorsOf(signUpSchema, { organisationType: 'PARTICIPANT' })).toContainEqual({
      path: 'mailingAddress',
      message: MESSAGES.required,
    });
    expect(errorsOf(signUpSchema, { ...complete, organisationType: 'AGENT', mailingAddress: '' })).toEqual(
      [],
    );
  });

  it('accepts a complete sign-up', () => {
    expect(
      errorsOf(signUpSchema, {
        password: 'correct horse',
        confirmPassword: 'correct horse',
        displayName: 'Jo',
        phone: '+44 7700 900123',
        email: 'jo@example.org',
        organisationName: 'Meadow Farm',
        organisationType: 'PARTICIPANT',
        mailingAddress: '1 Marsh Lane, Snettisham',
      }),
    ).toEqual([]);
  });
});

describe('single message per field', () => {
  it.each([
    [
      loginSchema,
      {},
      [
        { path: 'username', message: MESSAGES.required },
        { path: 'password', message: MESSAGES.required },
      ],
    ],
    [checkTotpSchema, { code: '' }, [{ path: 'code', message: MESSAGES.required }]],
    [checkTotpSchema, { code: '12345' }, [{ path: 'code', message: 'Must be a 6-digit code' }]],
    [
      newPasswordSchema,
      { password: '', confirmPassword: '' },
      [
        { path: 'password', message: MESSAGES.required },
        { path: 'confirmPassword', message: MESSAGES.required },
      ],
    ],
    [confirmSignUpSchema, { email: 'jo@example.org', code: '123456' }, []],
    [profileSchema, { displayName: 'Jo', phone: '' }, [{ path: 'phone', message: MESSAGES.required }]],
  ])('%#', (schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });
});
