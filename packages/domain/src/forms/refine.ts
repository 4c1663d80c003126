import type { z } from 'zod';
import { isIsoDate } from './rules.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds an issue at a path (relative to the object being refined). */
export type AddIssue = (path: readonly (string | number)[], message: string) => void;

/**
 * Adds cross-field rules to an object schema that run even when other fields failed (zod skips refinements of an
 * object with errors by default), so a form shows every problem at once. The check reads the values as given when
 * some failed to parse, so it must test each value's type before using it.
 */
export const withRules = <S extends z.ZodType>(
  schema: S,
  check: (value: Readonly<Record<string, unknown>>, addIssue: AddIssue) => void,
): S =>
  schema.superRefine(
    (value, ctx) => {
      if (!isRecord(value)) return;
      check(value, (path, message) => ctx.addIssue({ code: 'custom', path: [...path], message }));
    },
    { when: ({ value }) => isRecord(value) },
  );

/** Whether a value is blank: missing, null, '' or an empty list. */
export const isMissing = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether a value is a real ISO date `yyyy-MM-dd`. */
export const isDateText = (value: unknown): value is string => typeof value === 'string' && isIsoDate(value);

/** Whether a list value contains any of the given items. */
export const includesAny = (value: unknown, items: readonly string[]): boolean =>
  Array.isArray(value) && value.some((item) => typeof item === 'string' && items.includes(item));
