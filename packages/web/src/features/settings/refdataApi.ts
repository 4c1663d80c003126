import type {
  Nca,
  NcaImportReport,
  NcaNeighbourImportReport,
  Page,
  RefDataType,
  RefDataTypeSummary,
} from '@curlew/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

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
export function useRefDataSummary() {
  const api = useApi();
  return useQuery({
    queryKey: ['refdata', 'summary'],
    queryFn: ({ signal }) => api.get<RefDataTypeSummary[]>('/api/settings', { signal }),
  });
}

/** One page of a kind's items; the previous page stays on screen while the next loads. */
export function useRefDataList(type: RefDataType, params: ListParams) {
  const api = useApi();
  return useQuery({
    queryKey: [...refDataKey(type), 'list', params],
    queryFn: ({ signal }) =>
      api.get<Page<RefDataRecord>>(`/api/settings/${type}?${listQueryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One item with its details (versions, neighbours); disabled for a new item. */
export function useRefDataItem(type: RefDataType, id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...refDataKey(type), 'item', id],
    queryFn: ({ signal }) => api.get<RefDataRecord>(`/api/settings/${type}/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** Active LPAs as select options (code and name), for subcatchment forms; idle unless `enabled`. */
export function useLpaOptions(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['refdata', 'options', 'lpas'],
    queryFn: ({ signal }) => api.get<{ code: string; name: string }[]>('/api/lpas', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Active NCAs (number, name, label), for choosing an NCA's neighbours; idle unless `enabled`. */
export function useNcaOptions(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['refdata', 'options', 'ncas'],
    queryFn: ({ signal }) => api.get<Nca[]>('/api/ncas', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Replaces an NCA's neighbours (both sides change); refreshes every NCA, as their neighbours changed too. */
export function useSaveNcaNeighbours(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (neighbours: number[]) =>
      api.put<RefDataRecord>(`/api/settings/ncas/${id}/neighbours`, { neighbours }),
    onSuccess: async (item) => {
      queryClient.setQueryData([...refDataKey('ncas'), 'item', item.id], item);
      await queryClient.invalidateQueries({ queryKey: refDataKey('ncas') });
    },
  });
}

/** Creates or updates an item; refreshes that kind's lists and the overview counts. */
export function useSaveRefDataItem(type: RefDataType, id: string | undefined) {
  const api = useApi();
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
  const api = useApi();
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

/** The multipart body of an NCA import: the CSV as part `file`. */
const ncaImportForm = (file: File): FormData => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Imports an NCA file and refreshes the NCA lists. */
export function useNcaImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.postForm<NcaImportReport>('/api/settings/ncas/import', ncaImportForm(file)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refDataKey('ncas') });
      await queryClient.invalidateQueries({ queryKey: ['refdata', 'summary'] });
    },
  });
}

/** Imports a file of neighbouring NCA pairs and refreshes the NCAs (their neighbours changed). */
export function useNcaNeighbourImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.postForm<NcaNeighbourImportReport>('/api/settings/ncas/neighbours/import', ncaImportForm(file)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refDataKey('ncas') });
    },
  });
}
