import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * Whether a failed query is tried again: client errors (4xx: 403, 404, 422 ...) are answers, not glitches, so
 * only server and network failures retry, twice at most.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2;

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
