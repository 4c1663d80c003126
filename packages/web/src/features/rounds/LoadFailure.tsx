import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { ApiError } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';

/** What a page shows when its record could not be loaded: not found, or the reason with a Retry button. */
export function LoadFailure({ what, error, retry }: { what: string; error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert color="red" role="alert" title={`${what} not found`}>
        {error.message}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={`The ${what.toLowerCase()} could not be loaded`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** A page's record: the loader while it loads, its failure (not found, or the reason with Retry), else the page. */
export function WhenLoaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, Error>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  // When the record first arrives the page is built in a deferred render the browser may interrupt; a later change
  // of the record (after an action) shows at once, so clicks meanwhile can never hold the page at the old record.
  const deferred = useDeferredValue(query.data);
  const data = deferred === undefined ? undefined : query.data;
  if (query.isError)
    return <LoadFailure what={what} error={query.error} retry={() => void query.refetch()} />;
  if (data === undefined) return <PageLoader />;
  return children(data);
}
