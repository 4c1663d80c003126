import type { CurrentUser } from '@curlew/domain';
import { Anchor, Box, Container } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The title bar text: the user's organisation, or 'Your details' when there is none (SPEC 2). */
function organisationTitle(user: CurrentUser): string {
  return user.organisation?.name.trim() || 'Your details';
}

/** The organisation title bar under the header; its title links home. */
export function OrganisationBar({ user }: { user: CurrentUser }) {
  return (
    <Box py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Anchor component={Link} to="/" fw={700} size="lg" c="bright" style={{ overflowWrap: 'anywhere' }}>
          {organisationTitle(user)}
        </Anchor>
      </Container>
    </Box>
  );
}
