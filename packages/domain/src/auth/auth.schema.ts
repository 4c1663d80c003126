import { z } from 'zod';
import { MESSAGES } from '../validation/messages.ts';
import { email, optionalText, phone, requiredText } from '../validation/rules.ts';

/** Password length limits; there are no composition rules (common passwords are refused by the server). */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;

/** A new password: 8-128 characters. */
export const newPasswordValue = () =>
  z
    .string({ error: () => MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .min(PASSWORD_POLICY.minLength, { error: `Must be at least ${PASSWORD_POLICY.minLength} characters` })
    .max(PASSWORD_POLICY.maxLength, { error: `Must be at most ${PASSWORD_POLICY.maxLength} characters` });

/** A one-time code sent by e-mail or shown by an authenticator app: 6 digits. */
export const codeValue = () =>
  z
    .string({ error: () => MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .regex(/^\d{6}$/, { error: 'Must be a 6-digit code' });

type WithPasswords = { password: string; confirmPassword: string };

/** Adds 'Passwords do not match' on confirmPassword. */
const passwordsMatch = <T extends WithPasswords>(value: T, ctx: z.RefinementCtx): void => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
  }
};

const passwordPair = {
  password: newPasswordValue(),
  confirmPassword: z.string({ error: () => MESSAGES.required }).min(1, { error: MESSAGES.required }),
};

/** Organisation types a user may choose when signing up (operator and LPA organisations are created by the operator). */
export const SIGN_UP_ORGANISATION_TYPES = ['PARTICIPANT', 'AGENT'] as const;

export const loginSchema = z.object({
  username: requiredText(),
  password: z.string({ error: () => MESSAGES.required }).min(1, { error: MESSAGES.required }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z
  .object({
    ...passwordPair,
    displayName: requiredText(),
    phone: phone(),
    email: email(),
    organisationName: requiredText(),
    organisationType: z.enum(SIGN_UP_ORGANISATION_TYPES, { error: () => MESSAGES.required }),
  })
  .superRefine(passwordsMatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const confirmSignUpSchema = z.object({ email: email(), code: codeValue() });
export type ConfirmSignUpInput = z.infer<typeof confirmSignUpSchema>;

export const resendConfirmationSchema = z.object({ email: email() });

export const resetPasswordSchema = z.object({ username: requiredText() });

export const updatePasswordSchema = z
  .object({ username: requiredText(), code: codeValue(), ...passwordPair })
  .superRefine(passwordsMatch);
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

export const newPasswordSchema = z.object(passwordPair).superRefine(passwordsMatch);

export const checkTotpSchema = z.object({ code: codeValue() });

export const completeInvitationSchema = z
  .object({ username: optionalText(), code: codeValue(), ...passwordPair })
  .superRefine(passwordsMatch);

export const profileSchema = z.object({ displayName: requiredText(), phone: phone() });
export type ProfileInput = z.infer<typeof profileSchema>;

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

/** User groups, from which the shell derives its role flags. */
export const USER_GROUPS = ['admin', 'agent', 'lpa', 'participant', 'sysadmin'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

/** Organisation types (SPEC 1 and 3). */
export const ORGANISATION_TYPES = ['OPER', 'PARTICIPANT', 'LPA', 'AGENT'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
