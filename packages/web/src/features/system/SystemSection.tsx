import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One section of the System page: its heading, then a loader while its data loads, the failure in words, or its
 * content.
 */
export function SystemSection({
  id,
  title,
  what,
  loading,
  error,
  children,
}: {
  id: string;
  title: string;
  /** What is loaded, in words: 'the health' gives 'Loading the health' and 'The health could not be loaded'. */
  what: string;
  loading: boolean;
  error: Error | null;
  children?: ReactNode;
}) {
  const headingId = `system-${id}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {loading ? (
        <Center py="md">
          <Loader role="status" aria-label={`Loading ${what}`} />
        </Center>
      ) : null}
      {error ? (
        <Alert color="red">
          {what.charAt(0).toUpperCase()}
          {what.slice(1)} could not be loaded: {error.message}
        </Alert>
      ) : null}
      {loading || error ? null : children}
    </Stack>
  );
}
