import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './errorStatus.ts';

/**
 * Whether a failed query is tried again: client errors (4xx: 403, 404, 422 ...) are answers, not glitches, so
 * they are never retried; only server and network failures are, twice at most.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < 2;

/** The query cache of the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
    },
  });
}
