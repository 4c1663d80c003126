import {
  type MarketRound,
  ROUND_DATASET_FORMATS,
  ROUND_DATASET_LABELS,
  ROUND_DATASET_NAMES,
  type RoundDatasetName,
  roundDatasetPath,
} from '@curlew/domain';
import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';

/** What each data set holds, in a line. */
const DATASET_NOTES: Record<RoundDatasetName, string> = {
  suppliers: 'Each service of the certified and offered projects: offer, fees, place, group, units per year',
  buyers: 'Each buyer’s requirement that is registered or bid: bid, place, local only, group, units per year',
  investors: 'Each investor’s requirement that is registered or bid: bid, place, units',
  participants: 'Every participation in the round with the organisation’s contact',
  winners: 'What each project delivers to each requirement in the result, as Import match reads it',
};

/**
 * The operator's "Data sets" card: each data set of the round as CSV and as an Excel workbook, for a solver outside
 * Curlew; the winners only once the round has a result.
 */
export function RoundDatasets({ round }: { round: MarketRound }) {
  const { apiBase } = useActionsConfig();
  const hasResult = round.latestTask?.status === 'Succeeded';
  return (
    <Card withBorder component="section" aria-labelledby="round-datasets">
      <Stack gap="xs">
        <Title order={2} id="round-datasets">
          Data sets
        </Title>
        <Text size="sm">
          Download the round for a solver outside Curlew; Import data reads the suppliers, buyers and
          investors back (offers and bids), Import match reads a winners file.
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Data set</Table.Th>
              <Table.Th scope="col">What it holds</Table.Th>
              <Table.Th scope="col">Download</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROUND_DATASET_NAMES.map((name) => (
              <Table.Tr key={name}>
                <Table.Th scope="row">{ROUND_DATASET_LABELS[name]}</Table.Th>
                <Table.Td>{DATASET_NOTES[name]}</Table.Td>
                <Table.Td>
                  {name === 'winners' && !hasResult ? (
                    <Text size="sm" c="dimmed">
                      After a result
                    </Text>
                  ) : (
                    <Group gap="sm" wrap="nowrap">
                      {ROUND_DATASET_FORMATS.map((format) => (
                        <Anchor
                          key={format}
                          href={apiAddress(apiBase, roundDatasetPath(round.id, name, format))}
                          download
                          aria-label={`${ROUND_DATASET_LABELS[name]} as ${format === 'csv' ? 'CSV' : 'Excel workbook'}`}
                        >
                          {format === 'csv' ? 'CSV' : 'Excel'}
                        </Anchor>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
