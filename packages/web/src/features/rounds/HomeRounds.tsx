import { type MarketRound, type Participation, REGISTRATION_STATUS_LABELS } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import {
  CAPACITY_LABELS,
  REGISTRATION_STATUS_COLOURS,
  registrationCloses,
  roundStatusLabel,
} from './roundDisplay.ts';
import { roundPagePath, useListAt } from './roundsApi.ts';

type ListQuery<T> = ReturnType<typeof useListAt<T>>;

function ListSection<T>({
  title,
  query,
  emptyText,
  render,
}: {
  title: string;
  query: ListQuery<T>;
  emptyText: string;
  render: (items: T[]) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Skeleton height={60} aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (query.isError)
    body = (
      <Alert color="red" role="alert" title={`${title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  else if (query.data.items.length === 0) body = <Text size="sm">{emptyText}</Text>;
  else body = render(query.data.items);
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {body}
    </Stack>
  );
}

const nextStep = (participation: Participation): string => {
  const enabled = participation.actions.filter((action) => action.enabled && action.id !== 'Comment');
  return enabled.length === 0 ? 'Nothing to do now' : enabled.map((action) => action.title).join(', ');
};

function ParticipationsTable({ items, withClient }: { items: Participation[]; withClient: boolean }) {
  return (
    <Table aria-label={withClient ? "Your clients' rounds" : 'Your rounds'}>
      <Table.Thead>
        <Table.Tr>
          {withClient && <Table.Th>Client</Table.Th>}
          <Table.Th>Round</Table.Th>
          <Table.Th>Taking part as</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>What you can do</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((participation) => (
          <Table.Tr key={participation.id}>
            {withClient && <Table.Td>{participation.organisation.name}</Table.Td>}
            <Table.Td>
              <Anchor
                component={Link}
                to={roundPagePath(participation.round.marketId, participation.round.id)}
                size="sm"
              >
                {participation.round.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {roundStatusLabel(participation.round.status)}
              </Text>
            </Table.Td>
            <Table.Td>{CAPACITY_LABELS[participation.capacity]}</Table.Td>
            <Table.Td>
              <StatusBadge color={REGISTRATION_STATUS_COLOURS[participation.status]}>
                {REGISTRATION_STATUS_LABELS[participation.status]}
              </StatusBadge>
            </Table.Td>
            <Table.Td>{nextStep(participation)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The rounds open for registration, with their market and when registration closes. */
export function OpenRounds() {
  const rounds = useListAt<MarketRound>('/rounds?status=Open&sort=createdAt&order=desc&page=1&pageSize=25');
  return (
    <ListSection
      title="Rounds open for registration"
      query={rounds}
      emptyText="No rounds are open for registration at the moment."
      render={(items) => (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((round) => (
            <Group component="li" key={round.id} gap="xs">
              <Anchor component={Link} to={roundPagePath(round.market.id, round.id)}>
                {round.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[round.market.name, registrationCloses(round)].filter(Boolean).join(' · ')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    />
  );
}

/** A participant's home: rounds open for registration and the rounds it takes part in, with what it can do. */
export function ParticipantHomeRounds({ organisationId }: { organisationId: string }) {
  const own = useListAt<Participation>(
    `/participations?organisationId=${encodeURIComponent(organisationId)}&sort=createdAt&order=desc&page=1&pageSize=25`,
  );
  return (
    <Stack gap="lg">
      <OpenRounds />
      <ListSection
        title="Your rounds"
        query={own}
        emptyText="You are not taking part in any round yet."
        render={(items) => <ParticipationsTable items={items} withClient={false} />}
      />
    </Stack>
  );
}

/**
 * An agent's home: rounds open for registration (where it may register its clients) and its clients'
 * participations in rounds where it holds approved authority (the server decides).
 */
export function AgentHomeRounds() {
  const clients = useListAt<Participation>('/participations?sort=createdAt&order=desc&page=1&pageSize=25');
  return (
    <Stack gap="lg">
      <OpenRounds />
      <ListSection
        title="Your clients' rounds"
        query={clients}
        emptyText="None of your clients takes part in a round you act in."
        render={(items) => <ParticipationsTable items={items} withClient />}
      />
    </Stack>
  );
}
