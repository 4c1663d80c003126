import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterQuery, type ListFilters } from './listFilters.ts';

/** A list's filters held in the address, and the changes a filter bar makes to them. */
export interface AddressFilters<Key extends string = string> {
  /** Each filter's value, blank when absent. */
  filters: Record<Key, string>;
  /** Sets one filter (blank removes it) and goes back to the first page. */
  setFilter(key: Key, value: string): void;
  /** Removes every filter and goes back to the first page. */
  clear(): void;
  /** Whether any filter is set. */
  filtered: boolean;
}

/**
 * A list's filters held in the address query (blank when absent), and a change of one of them, which goes back to
 * the first page. A `prefix` keeps two lists on one page apart (the same one the list's `useListState` uses).
 */
function useAddressFilters<const Key extends string>(keys: readonly Key[], prefix = ''): AddressFilters<Key> {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () =>
      Object.fromEntries(keys.map((key) => [key, params.get(`${prefix}${key}`) ?? ''])) as Record<
        Key,
        string
      >,
    [keys, params, prefix],
  );
  const change = useCallback(
    (entries: readonly (readonly [Key, string])[]) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of entries) {
          if (value === '') next.delete(`${prefix}${key}`);
          else next.set(`${prefix}${key}`, value);
        }
        next.delete(`${prefix}page`);
        return next;
      }),
    [setParams, prefix],
  );
  return {
    filters,
    setFilter: (key, value) => change([[key, value]]),
    clear: () => change(keys.map((key) => [key, ''] as const)),
    filtered: keys.some((key) => filters[key] !== ''),
  };
}

/** The state of a list's declared filters: the address values, their changes, and what to send to the server. */
export interface ListFilterState<Key extends string = string> extends AddressFilters<Key> {
  declaration: ListFilters<Key>;
  /** The set filters, as query parameters of the server's list. */
  query: Record<string, string>;
}

/** A list's declared filters held in the address (see `useAddressFilters`); `prefix` as the list's own. */
export function useListFilters<const Key extends string>(
  declaration: ListFilters<Key>,
  prefix = '',
): ListFilterState<Key> {
  const keys = useMemo(() => declaration.filters.map((filter) => filter.key), [declaration.filters]);
  const address = useAddressFilters(keys, prefix);
  const query = filterQuery(declaration.filters, address.filters);
  return { ...address, declaration, query, filtered: Object.keys(query).length > 0 };
}
