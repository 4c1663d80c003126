import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../../app/api.ts';

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
