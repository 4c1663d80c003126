import { z } from 'zod/mini';
import { MESSAGES } from './messages.ts';
import { PHONE_PATTERN } from './patterns.ts';

// The same rules as rules.ts built with zod/mini, which bundles only what a schema uses: the public
// authentication pages validate with these so that classic zod stays out of their JavaScript.

/** A required string: missing, null, undefined or blank (after trimming) gives 'Field required'. */
export const requiredText = () =>
  z.string({ error: () => MESSAGES.required }).check(z.trim(), z.minLength(1, { error: MESSAGES.required }));

/** An optional string where empty text counts as absent (SPEC 5: empty text input is stored as undefined). */
export const optionalText = () =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(z.string().check(z.trim())),
  );

/** A required e-mail address. */
export const email = () =>
  z.pipe(
    z
      .string({ error: () => MESSAGES.required })
      .check(z.trim(), z.minLength(1, { error: MESSAGES.required })),
    z.email({ error: MESSAGES.invalidEmail }),
  );

/** A required phone number in international form, e.g. +447700900123. */
export const phone = () =>
  z.pipe(
    z.pipe(
      z.string({ error: () => MESSAGES.required }),
      z.transform((value: string) => value.replace(/[\s()-]/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: MESSAGES.required, abort: true }),
        z.regex(PHONE_PATTERN, { error: MESSAGES.invalidPhone }),
      ),
  );
