import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from './usePageTitle.ts';

/** Shown for any address that matches no page (SPEC 2). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack gap="sm" py="lg">
      <Title order={1}>Sorry</Title>
      <Text>Page not found</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
