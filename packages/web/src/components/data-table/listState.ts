import { DEFAULT_PAGE_SIZE, type SortOrder } from '@curlew/domain';

/** What a list shows: search text, sort column and direction, page and page size. */
export interface ListState {
  q: string;
  sort: string;
  order: SortOrder;
  page: number;
  pageSize: number;
}

/** The page sizes a user can choose. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A list's defaults and the sort keys the server accepts; a `prefix` keeps two lists on one page apart. */
export interface ListConfig {
  sortKeys: readonly string[];
  defaultSort: string;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
  prefix?: string;
}

const positiveInteger = (text: string | null): number | undefined => {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number.parseInt(text, 10);
  return value >= 1 ? value : undefined;
};

/** The defaults of a list, before the address says otherwise. */
const defaultListState = (config: ListConfig): ListState => ({
  q: '',
  sort: config.defaultSort,
  order: config.defaultOrder ?? 'asc',
  page: 1,
  pageSize: config.defaultPageSize ?? DEFAULT_PAGE_SIZE,
});

/** Reads a list's state from the address query; unknown or malformed values fall back to the defaults. */
export function readListState(params: URLSearchParams, config: ListConfig): ListState {
  const prefix = config.prefix ?? '';
  const defaults = defaultListState(config);
  const sort = params.get(`${prefix}sort`);
  const order = params.get(`${prefix}order`);
  const pageSize = positiveInteger(params.get(`${prefix}pageSize`));
  return {
    q: params.get(`${prefix}q`)?.trim() ?? defaults.q,
    sort: sort !== null && config.sortKeys.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    page: positiveInteger(params.get(`${prefix}page`)) ?? defaults.page,
    pageSize:
      pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : defaults.pageSize,
  };
}

/**
 * Writes a list's state into a copy of the address query, leaving out values equal to the defaults so links stay
 * short; other parameters (another list's, the page's own) are kept.
 */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  config: ListConfig,
): URLSearchParams {
  const prefix = config.prefix ?? '';
  const defaults = defaultListState(config);
  const next = new URLSearchParams(params);
  const entries: [keyof ListState, string, boolean][] = [
    ['q', state.q, state.q === defaults.q],
    ['sort', state.sort, state.sort === defaults.sort],
    ['order', state.order, state.order === defaults.order],
    ['page', String(state.page), state.page === defaults.page],
    ['pageSize', String(state.pageSize), state.pageSize === defaults.pageSize],
  ];
  for (const [key, value, isDefault] of entries) {
    if (isDefault) next.delete(`${prefix}${key}`);
    else next.set(`${prefix}${key}`, value);
  }
  return next;
}

/** The next state after choosing a column to sort by: the same column flips direction, another starts ascending. */
export function sortedBy(state: ListState, sortKey: string): ListState {
  const order: SortOrder = state.sort === sortKey && state.order === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: sortKey, order, page: 1 };
}

/**
 * The API query of a list: the fixed filters first (blank ones left out), then `q` when given, `sort`, `order`,
 * `page` and `pageSize`, e.g. `type=PARTICIPANT&q=fen&sort=name&order=asc&page=1&pageSize=25`.
 */
export function listQueryString(
  state: ListState,
  filters: Readonly<Record<string, string | undefined>> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, value);
  if (state.q !== '') params.set('q', state.q);
  params.set('sort', state.sort);
  params.set('order', state.order);
  params.set('page', String(state.page));
  params.set('pageSize', String(state.pageSize));
  return params.toString();
}

/**
 * The API query of a list's export in `format`: the list's filters, search and sort as `listQueryString` writes them,
 * without the paging (an export answers every matching row up to the server's cap), e.g.
 * `type=PARTICIPANT&q=fen&sort=name&order=asc&format=csv`.
 */
export function exportQueryString(
  state: ListState,
  filters: Readonly<Record<string, string | undefined>>,
  format: string,
): string {
  const params = new URLSearchParams(listQueryString(state, filters));
  params.delete('page');
  params.delete('pageSize');
  // A list sorted by the server's own default until a column is chosen names no sort.
  if (state.sort === '') params.delete('sort');
  params.set('format', format);
  return params.toString();
}

/** The number of pages a list of `total` rows fills (at least one). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** 'Showing 26–50 of 120' style range of the rows on a page; empty for an empty list. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return '';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}
