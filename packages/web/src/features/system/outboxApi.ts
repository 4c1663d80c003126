import type { MailStatus, OutboxAnswer, OutboxMessage } from '@curlew/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** What the System page asks of the outbox: a recipient, a status and a page. */
export interface OutboxFilter {
  to?: string;
  status?: MailStatus;
  page: number;
}

/** E-mails shown per page. */
export const OUTBOX_PAGE_SIZE = 50;

/** The address of the outbox list for a filter. */
const outboxPath = (filter: OutboxFilter): string => {
  const query = new URLSearchParams();
  if (filter.to) query.set('to', filter.to);
  if (filter.status) query.set('status', filter.status);
  if (filter.page > 1) query.set('page', String(filter.page));
  query.set('pageSize', String(OUTBOX_PAGE_SIZE));
  return `/api/mail?${query.toString()}`;
};

/** The cache key of every outbox list. */
export const OUTBOX_QUERY_KEY = ['mail', 'outbox'] as const;

/** The outbox (system administrators only), newest first, with its counts per status. */
export function useOutbox(filter: OutboxFilter) {
  const api = useApi();
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, filter],
    queryFn: ({ signal }) => api.get<OutboxAnswer>(outboxPath(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Puts a Failed e-mail back in the queue; answers it as it now stands. */
export function useRetryMail() {
  const api = useApi();
  return (id: number) => api.post<OutboxMessage>(`/api/mail/${id}/retry`, {});
}
