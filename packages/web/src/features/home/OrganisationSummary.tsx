import { type CurrentUser, ORGANISATION_TYPE_LABELS } from '@curlew/domain';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

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

/** The signed-in user's organisation (name and type) and their own contact details. */
export function OrganisationSummary({ user }: { user: CurrentUser }) {
  const organisation = user.organisation;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {organisation ? 'Your organisation' : 'Your details'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {organisation ? <Detail label="Name" value={organisation.name} /> : null}
          {organisation ? <Detail label="Type" value={ORGANISATION_TYPE_LABELS[organisation.type]} /> : null}
          <Detail label="Contact" value={user.displayName || user.username} />
          <Detail label="Email" value={user.email} />
          <Detail label="Phone" value={user.phone ?? 'Not given'} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
