import { z } from 'zod/mini';
import { hasNulCharacter, LENGTH_LIMITS, MESSAGES, tooLongMessage } from './messages.ts';

// The same rules as rules.ts built with zod/mini, which bundles only what a schema uses: the public
// authentication pages validate with these so that classic zod stays out of their JavaScript.

const noNul = () => z.refine<string>((value) => !hasNulCharacter(value), { error: MESSAGES.nulCharacter });

/** A required string (at most `max` characters): missing, null, undefined or blank (after trimming) gives 'Field required'. */
export const requiredText = (max: number = LENGTH_LIMITS.text) =>
  z
    .string({ error: () => MESSAGES.required })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.required }),
      z.maxLength(max, { error: tooLongMessage(max) }),
      noNul(),
    );

/** An optional string (at most `max` characters) where empty text counts as absent (SPEC 5: empty text input is stored as undefined). */
export const optionalText = (max: number = LENGTH_LIMITS.text) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: tooLongMessage(max) }), noNul())),
  );

/** A required e-mail address (at most 254 characters). */
export const email = () =>
  z.pipe(
    z
      .string({ error: () => MESSAGES.required })
      .check(
        z.trim(),
        z.minLength(1, { error: MESSAGES.required }),
        z.maxLength(LENGTH_LIMITS.email, { error: tooLongMessage(LENGTH_LIMITS.email), abort: true }),
      ),
    z.email({ error: MESSAGES.invalidEmail }),
  );
