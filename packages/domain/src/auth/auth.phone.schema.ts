import { superRefine, z } from 'zod/mini';
import { withMatchingPasswords } from '../validation/crossField.ts';
import { LENGTH_LIMITS, MESSAGES } from '../validation/messages.ts';
import { optionalPhone, phone } from '../validation/phone.mini.ts';
import { email, optionalText, requiredText } from '../validation/rules.mini.ts';
import { parseThrowsZodError } from '../validation/zodError.ts';
import { SIGN_UP_ORGANISATION_TYPES } from '../vocab/organisation.values.ts';
import { passwordPair } from './auth.schema.ts';

// The authentication forms with a phone number, apart from auth.schema.ts so that the sign-in page does not
// load the phone rules (libphonenumber's metadata).

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * Sign-up form (SPEC 5 "Authentication forms"). The organisation's contact, e-mail and phone are the user's own;
 * a PARTICIPANT organisation also needs a mailing address (SPEC 5 "Organisation"), an agent may leave it blank.
 */
export const signUpSchema = parseThrowsZodError(
  withMatchingPasswords(
    z.object({
      ...passwordPair,
      displayName: requiredText(LENGTH_LIMITS.displayName),
      phone: phone(),
      email: email(),
      organisationName: requiredText(LENGTH_LIMITS.name),
      organisationType: z.enum(SIGN_UP_ORGANISATION_TYPES, { error: () => MESSAGES.required }),
      mailingAddress: optionalText(),
    }),
  ).check(
    superRefine(
      (value, ctx) => {
        if (isBlank(value.mailingAddress))
          ctx.addIssue({ code: 'custom', path: ['mailingAddress'], message: MESSAGES.required });
      },
      {
        when: ({ value }) =>
          typeof value === 'object' &&
          value !== null &&
          (value as { organisationType?: unknown }).organisationType === 'PARTICIPANT',
      },
    ),
  ),
);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Profile form: display name and phone. */
export const profileSchema = parseThrowsZodError(
  z.object({ displayName: requiredText(LENGTH_LIMITS.displayName), phone: phone() }),
);
export type ProfileInput = z.infer<typeof profileSchema>;

/** Profile form of a user who has no phone yet (invited without one): the phone may stay blank. */
const profileWithoutPhoneSchema = parseThrowsZodError(
  z.object({ displayName: requiredText(LENGTH_LIMITS.displayName), phone: optionalPhone() }),
);

/** The profile rule for a user: a phone once given stays required; a user without one may leave it blank. */
export const profileSchemaFor = (user: { phone: string | null }) =>
  user.phone === null ? profileWithoutPhoneSchema : profileSchema;
