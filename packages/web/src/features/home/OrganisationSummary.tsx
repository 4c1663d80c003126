import { type CurrentUser, ORGANISATION_TYPE_LABELS } from '@curlew/domain';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOrganisation } from '../organisations/organisationsApi.ts';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

const NOT_GIVEN = 'Not given';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The organisation's own name, type, contact, e-mail and phone (never the signed-in user's). */
function OrganisationCard({ organisationId }: { organisationId: string }) {
  const organisation = useOrganisation(organisationId);
  if (organisation.isPending)
    return (
      <Card title="Your organisation">
        <Skeleton height={48} aria-label="Loading your organisation" />
      </Card>
    );
  if (organisation.isError)
    return (
      <Card title="Your organisation">
        <Alert color="red" role="alert">
          Your organisation's details could not be loaded. Reload the page to try again.
        </Alert>
      </Card>
    );
  const { name, type, contact, email, phone } = organisation.data;
  return (
    <Card title="Your organisation">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Detail label="Name" value={name} />
        <Detail label="Type" value={ORGANISATION_TYPE_LABELS[type]} />
        <Detail label="Contact" value={contact ?? NOT_GIVEN} />
        <Detail label="Email" value={email ?? NOT_GIVEN} />
        <Detail label="Phone" value={phone ?? NOT_GIVEN} />
      </SimpleGrid>
    </Card>
  );
}

/** The signed-in user's organisation as the organisation records it; a user without one sees their own details. */
export function OrganisationSummary({ user }: { user: CurrentUser }) {
  if (user.organisation) return <OrganisationCard organisationId={user.organisation.id} />;
  return (
    <Card title="Your details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Detail label="Name" value={user.displayName || user.username} />
        <Detail label="Email" value={user.email} />
        <Detail label="Phone" value={user.phone ?? NOT_GIVEN} />
      </SimpleGrid>
    </Card>
  );
}
