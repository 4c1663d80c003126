import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a record's page, named by its title for screen readers; `action` stands beside the title. */
export function RecordSection({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      {action === undefined ? (
        <Title order={2}>{title}</Title>
      ) : (
        <Group justify="space-between">
          <Title order={2}>{title}</Title>
          {action}
        </Group>
      )}
      {children}
    </Stack>
  );
}
