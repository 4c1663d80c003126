import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Error map for a choice: missing, null, undefined or '' (an untouched select) gives 'Field required'. */
export const choiceError = (issue: { input?: unknown }): string | undefined =>
  issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGES.required : undefined;

/** A zod enum over a vocabulary; a missing choice gives 'Field required', an unknown one zod's own message. */
export const choiceOf = /* @__NO_SIDE_EFFECTS__ */ <const T extends readonly [string, ...string[]]>(
  values: T,
) => z.enum(values, { error: choiceError });
