import type { FormValues } from './values.ts';

/**
 * Lists in forms. Field ids address values by dotted path, so a list edited in a form is held as an object keyed
 * by position (`gainsPerYear.0`, `gainsPerYear.1`: `{ gainsPerYear: { '0': 2, '1': 3 } }`). These helpers turn
 * such an object (or an array, as the API sends it) into an array and back.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a form list by position: an array as is, an object keyed '0', '1', ... in index order; else []. */
export const indexedItems = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return [...value];
  if (!isRecord(value)) return [];
  const items: unknown[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (/^\d+$/.test(key)) items[Number(key)] = item;
  }
  return items;
};

/** A list as a form value: an object keyed by position, so `{list}.{i}` field ids address its items. */
export const indexedFormValue = <T>(items: readonly T[]): FormValues =>
  Object.fromEntries(items.map((item, index) => [String(index), item]));
