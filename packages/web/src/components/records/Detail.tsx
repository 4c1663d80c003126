import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value in a details grid. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}
