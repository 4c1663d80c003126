import { useQuery } from '@tanstack/react-query';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress, callApi } from '../../actions/actionApi.ts';

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
  const { apiBase } = useActionsConfig();
  return useQuery({
    queryKey: ['dev', 'outbox', to ?? ''],
    queryFn: ({ signal }) =>
      callApi(apiAddress(apiBase, outboxPath(to)), { signal }) as Promise<OutboxMail[]>,
  });
}
