import type { HomeAuthority } from '@curlew/domain';
import { AGENT_PERMISSION_LABELS } from '@curlew/domain';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useHome } from './homeApi.ts';
import { RecordsTable } from './RecordsTable.tsx';
import { WorkSection } from './WorkSection.tsx';

/** A participant's work list: each of its records with its next step and deadline. */
export function ParticipantWork() {
  const home = useHome('participant');
  return (
    <WorkSection
      title="Your work"
      query={home}
      isEmpty={(data) => data.records.length === 0}
      emptyText="You have no projects, credit requirements or round registrations yet."
    >
      {(data) => <RecordsTable records={data.records} caption="Your records and their next steps" />}
    </WorkSection>
  );
}

const authorityText = (authority: HomeAuthority): string =>
  authority.permissions.length === 0
    ? 'no permission'
    : authority.permissions.map((permission) => AGENT_PERMISSION_LABELS[permission]).join(' and ');

/** An agent's work list: per client, the authorities it holds and the client's records with their next steps. */
export function AgentWork() {
  const home = useHome('agent');
  return (
    <WorkSection
      title="Your clients' work"
      query={home}
      isEmpty={(data) => data.clients.length === 0}
      emptyText="You have no clients yet."
    >
      {(data) => (
        <Stack gap="md">
          {data.clients.map((client) => (
            <Paper key={client.id} withBorder p="md" radius="md" component="section" aria-label={client.name}>
              <Stack gap="sm">
                <Title order={3} size="h4">
                  <Anchor component={Link} to={`/participants/${client.id}`} inherit>
                    {client.name}
                  </Anchor>
                </Title>
                {client.authorities.length === 0 ? (
                  <Text size="sm">You hold no approved authority for this client.</Text>
                ) : (
                  <List size="sm" aria-label={`Your authority for ${client.name}`}>
                    {client.authorities.map((authority) => (
                      <List.Item key={authority.round.id}>
                        {authority.round.name}: {authorityText(authority)}
                      </List.Item>
                    ))}
                  </List>
                )}
                {client.records.length === 0 ? (
                  <Text size="sm">No records of this client in a round you act in.</Text>
                ) : (
                  <RecordsTable records={client.records} caption={`Records of ${client.name}`} />
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </WorkSection>
  );
}
