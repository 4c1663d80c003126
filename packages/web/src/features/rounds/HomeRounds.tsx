import type { MarketRound } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { registrationCloses } from './roundDisplay.ts';
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
