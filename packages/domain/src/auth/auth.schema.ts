import { z } from 'zod/mini';
import { withMatchingPasswords } from '../validation/crossField.ts';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from '../validation/messages.ts';
import { email, optionalText, requiredText } from '../validation/rules.mini.ts';
import { parseThrowsZodError } from '../validation/zodError.ts';
import type { OrganisationType, UserGroup } from '../vocab/organisation.values.ts';
import { PASSWORD_POLICY } from './password-policy.ts';

// Built with zod/mini (see rules.mini.ts): these schemas are what the public authentication pages load.

export { PASSWORD_POLICY } from './password-policy.ts';

/** A new password: 8-128 characters. */
const newPasswordValue = () =>
  z.string({ error: () => MESSAGES.required }).check(
    z.minLength(1, { error: MESSAGES.required }),
    // Only for a typed password (a blank one is just 'Field required'); not an abort, which would stop the
    // form's cross-field rules from reporting their fields at the same time.
    z.refine((value: string) => value === '' || value.length >= PASSWORD_POLICY.minLength, {
      error: `Must be at least ${PASSWORD_POLICY.minLength} characters`,
    }),
    z.maxLength(PASSWORD_POLICY.maxLength, {
      error: `Must be at most ${PASSWORD_POLICY.maxLength} characters`,
    }),
  );

/** A one-time code sent by e-mail or shown by an authenticator app: 6 digits. */
const codeValue = () =>
  z.string({ error: () => MESSAGES.required }).check(
    z.maxLength(LENGTH_LIMITS.code, { error: 'Must be a 6-digit code', abort: true }),
    z.trim(),
    // No abort on blank: an aborted field would hide 'Passwords do not match' on the same form.
    z.minLength(1, { error: MESSAGES.required }),
    z.refine((value) => /^\d{6}$/.test(value), {
      error: 'Must be a 6-digit code',
      when: ({ value }) => value !== '',
    }),
  );

const CONFIRMATION_MAX_LENGTH = 1024;

/** A new password and its confirmation, for the forms that set one. */
export const passwordPair = {
  password: newPasswordValue(),
  // Bounded well above the password's own limit, so a too-long password is reported once (on password).
  confirmPassword: z
    .string({ error: () => MESSAGES.required })
    .check(
      z.minLength(1, { error: MESSAGES.required }),
      z.maxLength(CONFIRMATION_MAX_LENGTH, { error: tooLongMessage(CONFIRMATION_MAX_LENGTH) }),
    ),
};

/** A username as typed at sign-in: a name or an e-mail address (sign-up makes the e-mail the username). */
const usernameValue = () => requiredText(LENGTH_LIMITS.email);

/** Sign-in form. */
export const loginSchema = parseThrowsZodError(
  z.object({
    username: usernameValue(),
    password: z
      .string({ error: () => MESSAGES.required })
      .check(
        z.minLength(1, { error: MESSAGES.required }),
        z.maxLength(PASSWORD_POLICY.maxLength, { error: tooLongMessage(PASSWORD_POLICY.maxLength) }),
      ),
  }),
);
export type LoginInput = z.infer<typeof loginSchema>;

/** Sign-up confirmation: e-mail and code. */
export const confirmSignUpSchema = parseThrowsZodError(z.object({ email: email(), code: codeValue() }));
export type ConfirmSignUpInput = z.infer<typeof confirmSignUpSchema>;

/** Resend the sign-up confirmation code. */
export const resendConfirmationSchema = parseThrowsZodError(z.object({ email: email() }));

/** Request a password reset code. */
export const resetPasswordSchema = parseThrowsZodError(z.object({ username: usernameValue() }));

/** Set a new password with a reset code. */
export const updatePasswordSchema = parseThrowsZodError(
  withMatchingPasswords(z.object({ username: usernameValue(), code: codeValue(), ...passwordPair })),
);
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** Set a new password when the login demands one. */
export const newPasswordSchema = parseThrowsZodError(withMatchingPasswords(z.object(passwordPair)));

/** Second-factor code from an authenticator app. */
export const checkTotpSchema = parseThrowsZodError(z.object({ code: codeValue() }));

/** Complete an invitation with a password and the e-mailed code. */
export const completeInvitationSchema = parseThrowsZodError(
  withMatchingPasswords(
    z.object({ username: optionalText(LENGTH_LIMITS.email), code: codeValue(), ...passwordPair }),
  ),
);

/** The challenges a login can answer with (SPEC 4 "Sign-in flow"); none means signed in. */
export const LOGIN_CHALLENGES = [
  'NEW_PASSWORD_REQUIRED',
  'SOFTWARE_TOKEN_MFA',
  'PASSWORD_RESET_REQUIRED',
  'USER_NOT_CONFIRMED',
] as const;
export type LoginChallenge = (typeof LOGIN_CHALLENGES)[number];

/** The signed-in user as GET /api/auth/user answers it. */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  displayName: string;
  phone: string | null;
  groups: UserGroup[];
  organisation: { id: string; name: string; type: OrganisationType } | null;
}
