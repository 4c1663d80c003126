import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** One e-mail of the development mail outbox, as `GET /api/dev/outbox` lists it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The address of the outbox, optionally filtered by recipient. */
export const outboxPath = (to?: string): string =>
  to ? `/api/dev/outbox?to=${encodeURIComponent(to)}` : '/api/dev/outbox';

/** The most recent e-mails in the development mail outbox (system administrators only), newest first. */
export function useOutbox(to?: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['dev', 'outbox', to ?? ''],
    queryFn: ({ signal }) => api.get<OutboxMail[]>(outboxPath(to), { signal }),
  });
}
