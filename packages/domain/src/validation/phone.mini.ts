import { z } from 'zod/mini';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from './messages.ts';
import { isPhoneNumber, stripPhoneSeparators } from './phone.ts';

// The phone rules built with zod/mini, apart from rules.mini.ts: they bring libphonenumber's metadata, which
// only the pages with a phone field (sign-up, profile) should load, never the sign-in page.

/**
 * A required phone number in international form, e.g. +447700900123, of a length its country allows. Blank
 * gives only 'Field required', without ending the object's checks (so 'Passwords do not match' still shows).
 */
export const phone = () =>
  z.pipe(
    z.pipe(
      z
        .string({ error: () => MESSAGES.required })
        .check(z.maxLength(LENGTH_LIMITS.code, { error: tooLongMessage(LENGTH_LIMITS.code) })),
      z.transform(stripPhoneSeparators),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: MESSAGES.required }),
        z.refine(isPhoneNumber, { error: MESSAGES.invalidPhone, when: ({ value }) => value !== '' }),
      ),
  );

/** An optional phone number: blank is absent (undefined), anything else must be a phone number as for `phone`. */
export const optionalPhone = () =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(
      z.pipe(
        z.pipe(
          z.string().check(z.maxLength(LENGTH_LIMITS.code, { error: tooLongMessage(LENGTH_LIMITS.code) })),
          z.transform(stripPhoneSeparators),
        ),
        z.string().check(z.refine(isPhoneNumber, { error: MESSAGES.invalidPhone })),
      ),
    ),
  );
