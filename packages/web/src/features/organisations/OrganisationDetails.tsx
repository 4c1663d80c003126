import { DISPLAY_TIME_ZONE, formatDate, ORGANISATION_TYPE_LABELS, type Organisation } from '@curlew/domain';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

const notGiven = 'Not given';

/** An organisation's details (SPEC 3 "Organisation"): type, contact, e-mail, phone, mailing address and dates. */
export function OrganisationDetails({ organisation }: { organisation: Organisation }) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Details
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" m={0}>
          <Detail term="Type">{ORGANISATION_TYPE_LABELS[organisation.type]}</Detail>
          <Detail term="Contact">{organisation.contact ?? notGiven}</Detail>
          <Detail term="Email">
            {organisation.email === null ? (
              notGiven
            ) : (
              <Anchor href={`mailto:${organisation.email}`}>{organisation.email}</Anchor>
            )}
          </Detail>
          <Detail term="Phone">{organisation.phone ?? notGiven}</Detail>
          <Detail term="Mailing address">{organisation.mailingAddress ?? notGiven}</Detail>
          {organisation.csvId !== null && <Detail term="CSV id">{organisation.csvId}</Detail>}
          <Detail term="Added">{formatDate(organisation.createdAt, { timeZone: DISPLAY_TIME_ZONE })}</Detail>
          <Detail term="Last updated">
            {formatDate(organisation.updatedAt, { timeZone: DISPLAY_TIME_ZONE })}
          </Detail>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
