import type { Page } from '@curlew/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { type ListConfig, type ListState, readListState, sortedBy, writeListState } from './listState.ts';

/** A list's state held in the address query, and the changes a data table makes to it. */
export interface ListControls {
  state: ListState;
  sortBy(sortKey: string): void;
  search(q: string): void;
  goToPage(page: number): void;
  setPageSize(pageSize: number): void;
}

/**
 * Keeps a list's search, sort and paging in the address query, so links reproduce the view and Back returns to
 * the previous one. Searching replaces the history entry (typing is not navigation); sorting and paging add one.
 */
export function useListState(config: ListConfig): ListControls {
  const [params, setParams] = useSearchParams();
  const { prefix, sortKeys, defaultSort, defaultOrder, defaultPageSize } = config;
  const stableConfig = useMemo<ListConfig>(
    () => ({ prefix, sortKeys, defaultSort, defaultOrder, defaultPageSize }),
    [prefix, sortKeys, defaultSort, defaultOrder, defaultPageSize],
  );
  const state = useMemo(() => readListState(params, stableConfig), [params, stableConfig]);

  const change = useCallback(
    (next: (current: ListState) => ListState, replace = false) =>
      setParams(
        (current) => writeListState(current, next(readListState(current, stableConfig)), stableConfig),
        {
          replace,
        },
      ),
    [setParams, stableConfig],
  );

  const actions = useMemo(
    () => ({
      sortBy: (sortKey: string) => change((current) => sortedBy(current, sortKey)),
      search: (q: string) => change((current) => ({ ...current, q: q.trim(), page: 1 }), true),
      goToPage: (page: number) => change((current) => ({ ...current, page })),
      setPageSize: (pageSize: number) => change((current) => ({ ...current, pageSize, page: 1 })),
    }),
    [change],
  );
  return useMemo(() => ({ state, ...actions }), [state, actions]);
}

/**
 * Loads one page of a server list (`path` below `/api`, with its query). The previous page stays on screen while the
 * next loads, so paging and sorting do not flash the loading skeleton.
 */
export function usePagedList<T>(queryKey: readonly unknown[], path: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKey, path],
    queryFn: ({ signal }) => api.get<Page<T>>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}
