import { z } from 'zod';

/** The answer of every collection call: one page of items and the total. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Largest page a list call answers. */
export const MAX_PAGE_SIZE = 100;
/** Page size when the query gives none. */
export const DEFAULT_PAGE_SIZE = 25;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The query of a list call (`?q=&sort=&order=&page=&pageSize=`) for the given sort keys; invalid values answer
 * 422 like any other validation failure.
 */
export const listQuerySchema = <const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaultSort: Keys[number],
) =>
  z.object({
    q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(sortKeys).default(defaultSort)),
    order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('asc')),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    ),
  });

/** A `LIKE` pattern matching `text` anywhere, with the pattern characters of the text escaped. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
