import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts';

/**
 * The answer of every list call (`GET /api/{collection}?...`, comments, activity, settings lists): one page of
 * items, how many match in all, and which page this is.
 */
export interface Page<T> {
  items: T[];
  total: number;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** Sort direction of a list. */
export type SortOrder = 'asc' | 'desc';
/** The sort directions a list query accepts. */
const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** Which page of a list to answer. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** What a sortable, searchable list is asked for (`?q=&sort=&order=&page=&pageSize=`). */
export interface ListQuery<Sort extends string = string> extends PageQuery {
  q?: string | undefined;
  sort: Sort;
  order: SortOrder;
}

/** The rows to skip and take for a page. */
export const pageSlice = ({ page, pageSize }: PageQuery): { limit: number; offset: number } => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** Wraps a page's items and the total into the list answer. */
export const pageOf = <T>(items: T[], total: number, { page, pageSize }: PageQuery): Page<T> => ({
  items,
  total,
  page,
  pageSize,
});

/** Paging query of feeds (comments, activity): page from 1, pageSize 1-100 (default 25). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The query of a sortable list (`?q=&sort=&order=&page=&pageSize=`) for the given sort keys; invalid values
 * fail validation (422 on the server).
 */
export const listQuerySchema = <const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaultSort: Keys[number],
  defaultOrder: SortOrder = 'asc',
) =>
  z.object({
    q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(sortKeys).default(defaultSort)),
    order: z.preprocess(blankToUndefined, z.enum(SORT_ORDERS).default(defaultOrder)),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    ),
  });
