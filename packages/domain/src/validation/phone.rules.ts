import { z } from 'zod';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from './messages.ts';
import { isPhoneNumber, stripPhoneSeparators } from './phone.ts';

// Apart from rules.ts: the phone rule brings libphonenumber's metadata, which only pages with a phone field load.

/** A required phone number in international form, e.g. +447700900123, of a length its country allows. */
export const phone = () =>
  z
    .string({ error: () => MESSAGES.required })
    .max(LENGTH_LIMITS.code, { error: tooLongMessage(LENGTH_LIMITS.code) })
    .transform(stripPhoneSeparators)
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGES.required, abort: true })
        .refine(isPhoneNumber, { error: MESSAGES.invalidPhone }),
    );
