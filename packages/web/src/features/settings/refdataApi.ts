import type { NcaImportReport, Page, RefDataType, RefDataTypeSummary } from '@curlew/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** A reference item as the settings pages handle it: any kind, keyed by column name. */
export type RefDataRecord = { id: string } & Record<string, unknown>;

/** What a list page asks for: sort, order, search, active-only and the page. */
export interface ListParams {
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
  active: boolean;
  page: number;
  pageSize: number;
}

/** The query string of a list request (SPEC 7: `active=true` is the optional active-only flag). */
export function listQueryString(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.sort) query.set('sort', params.sort);
  query.set('order', params.order);
  if (params.q) query.set('q', params.q);
  if (params.active) query.set('active', 'true');
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  return query.toString();
}

const refDataKey = (type: RefDataType) => ['refdata', type] as const;

/** The kinds of reference data with their counts. */
export const useRefDataSummary = () =>
  useQuery({
    queryKey: ['refdata', 'summary'],
    queryFn: () => api.get<RefDataTypeSummary[]>('/api/settings'),
  });

/** One page of a kind's items; the previous page stays on screen while the next loads. */
export const useRefDataList = (type: RefDataType, params: ListParams) =>
  useQuery({
    queryKey: [...refDataKey(type), 'list', params],
    queryFn: () => api.get<Page<RefDataRecord>>(`/api/settings/${type}?${listQueryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** One item with its details (versions, neighbours); disabled for a new item. */
export const useRefDataItem = (type: RefDataType, id: string | undefined) =>
  useQuery({
    queryKey: [...refDataKey(type), 'item', id],
    queryFn: () => api.get<RefDataRecord>(`/api/settings/${type}/${id}`),
    enabled: id !== undefined,
  });

/** Active LPAs as select options (code and name), for subcatchment forms; idle unless `enabled`. */
export const useLpaOptions = (enabled = true) =>
  useQuery({
    queryKey: ['refdata', 'options', 'lpas'],
    queryFn: () => api.get<{ code: string; name: string }[]>('/api/lpas'),
    staleTime: 60_000,
    enabled,
  });

/** Creates or updates an item; refreshes that kind's lists and the overview counts. */
export function useSaveRefDataItem(type: RefDataType, id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      id === undefined
        ? api.post<RefDataRecord>(`/api/settings/${type}`, values)
        : api.put<RefDataRecord>(`/api/settings/${type}/${id}`, values),
    onSuccess: async (item) => {
      queryClient.setQueryData([...refDataKey(type), 'item', item.id], item);
      await queryClient.invalidateQueries({ queryKey: refDataKey(type) });
      await queryClient.invalidateQueries({ queryKey: ['refdata', 'summary'] });
    },
  });
}

/** Adds a version to a standard. */
export function useAddStandardVersion(standardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.post<RefDataRecord>(`/api/settings/standards/${standardId}/versions`, values),
    onSuccess: async (standard) => {
      queryClient.setQueryData([...refDataKey('standards'), 'item', standardId], standard);
      await queryClient.invalidateQueries({ queryKey: refDataKey('standards') });
    },
  });
}

/** Uploads an NCA CSV (multipart, field `file`); a 422 carries the errors of each bad line. */
export function uploadNcaFile(file: File): Promise<NcaImportReport> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<NcaImportReport>('/api/settings/ncas/import', form);
}

/** Imports an NCA file and refreshes the NCA lists. */
export function useNcaImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadNcaFile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refDataKey('ncas') });
      await queryClient.invalidateQueries({ queryKey: ['refdata', 'summary'] });
    },
  });
}
