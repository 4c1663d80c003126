import type { MarketRound } from '@curlew/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { WorkSection } from '../home/WorkSection.tsx';
import { registrationCloses } from './roundDisplay.ts';
import { roundPagePath, useListAt } from './roundsApi.ts';

/** The rounds open for registration, with their market and when registration closes. */
export function OpenRounds() {
  const rounds = useListAt<MarketRound>('/rounds?status=Open&sort=createdAt&order=desc&page=1&pageSize=25');
  return (
    <WorkSection
      title="Rounds open for registration"
      query={rounds}
      isEmpty={(data) => data.items.length === 0}
      emptyText="No rounds are open for registration at the moment."
    >
      {({ items }) => (
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
    </WorkSection>
  );
}
