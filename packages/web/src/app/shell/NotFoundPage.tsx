import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useNoCrumbs } from '../routing/breadcrumbs.tsx';
import { usePageTitle } from './usePageTitle.ts';

/**
 * Shown for any address that matches no page (SPEC 2), and for a record that does not exist or that the person
 * may not see (`detail` says which, in words: never an id or the server's text). No breadcrumbs.
 */
export function NotFoundPage({ detail }: { detail?: string }) {
  usePageTitle('Page not found');
  useNoCrumbs();
  return (
    <Stack gap="sm" py="lg">
      <Title order={1}>Sorry</Title>
      <Text>Page not found</Text>
      {detail === undefined ? null : <Text>{detail}</Text>}
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
