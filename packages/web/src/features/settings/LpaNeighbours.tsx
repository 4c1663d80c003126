import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { RefDataRecord } from './refdataApi.ts';

interface Neighbour {
  code: string;
  name: string;
  rank: number;
}

/** The LPAs sharing a boundary with an LPA, longest shared boundary first. */
export function LpaNeighbours({ lpa }: { lpa: RefDataRecord }) {
  const neighbours = Array.isArray(lpa.neighbours) ? (lpa.neighbours as Neighbour[]) : [];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Neighbouring LPAs
        </Title>
        {neighbours.length === 0 ? (
          <Text size="sm">
            None recorded. Neighbours come from district boundaries, so national parks, development
            corporations, islands and authorities created after 2021 have none.
          </Text>
        ) : (
          <List size="sm">
            {neighbours.map((neighbour) => (
              <List.Item key={neighbour.code}>
                <Anchor component={Link} to={`/settings/refdata/lpas?q=${neighbour.code}`}>
                  {neighbour.name}
                </Anchor>{' '}
                ({neighbour.code})
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
