import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A titled part of a home page fed by one query: a skeleton while loading, the failure with Retry, the empty text
 * when `isEmpty` says so, else what `children` renders from the data.
 */
export function WorkSection<T>({
  title,
  query,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  query: UseQueryResult<T, Error>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Skeleton height={80} aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (query.isError)
    body = (
      <Alert color="red" role="alert" title={`${title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  else if (isEmpty(query.data)) body = <Text size="sm">{emptyText}</Text>;
  else body = children(query.data);
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
