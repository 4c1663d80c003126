import { z } from 'zod';
import { requiredError } from '../validation/rules.ts';

/** Message for a whole number below 1. */
export const WHOLE_NUMBER_MESSAGE = 'Must be a whole number greater than 0';
/** Message for a malformed ONS local planning authority code. */
export const LPA_CODE_MESSAGE = 'Must be an ONS LPA code such as E60000001';
/** Message for a malformed ONS local authority district (or park, corporation) code. */
const LAD_CODE_MESSAGE = 'Must be an ONS code such as E07000026';

/** ONS codes of local planning authorities: E60 then six digits. */
const LPA_CODE_PATTERN = /^E60\d{6}$/;
/** ONS codes of the areas behind an LPA: districts, unitaries, boroughs, parks, corporations (E + 8 digits). */
const LAD_CODE_PATTERN = /^E\d{8}$/;

/** A yes/no flag; missing gives 'Field required' unless a default is applied first. */
export const flag = () => z.boolean({ error: requiredError });

/** A required whole number of at least 1; text digits (from a CSV or a query) are accepted. */
export const positiveWholeNumber = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => requiredError(issue) ?? WHOLE_NUMBER_MESSAGE })
      .int({ error: WHOLE_NUMBER_MESSAGE })
      .min(1, { error: WHOLE_NUMBER_MESSAGE }),
  );

/** A required ONS LPA code (E60...); surrounding spaces are dropped and letters upper-cased. */
export const lpaCode = () =>
  z
    .string({ error: requiredError })
    .trim()
    .toUpperCase()
    .regex(LPA_CODE_PATTERN, { error: LPA_CODE_MESSAGE });

/** An optional ONS area code; empty text counts as absent. */
export const optionalLadCode = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().toUpperCase().regex(LAD_CODE_PATTERN, { error: LAD_CODE_MESSAGE }).optional(),
  );
