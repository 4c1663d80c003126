import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../app/shell/usePageTitle.ts';

/** The frame of an authentication page: a heading, an optional introduction and the form. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Paper withBorder p="lg" radius="md" maw={480} mx="auto" my="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro ? <Text>{intro}</Text> : null}
        {children}
      </Stack>
    </Paper>
  );
}
