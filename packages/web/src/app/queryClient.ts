import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The query cache: client errors (4xx) are answers, not glitches, so only server and network failures retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}
