import type { OperatorHome } from '@curlew/domain';
import { MARKET_ROUND_STATUS_LABELS, type MarketRoundStatus } from '@curlew/domain';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { dateText, useHome } from './homeApi.ts';
import { WorkSection } from './WorkSection.tsx';

const roundLabel = (status: string) => MARKET_ROUND_STATUS_LABELS[status as MarketRoundStatus] ?? status;

function AttentionTable({ items }: { items: OperatorHome['attention'] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table captionSide="top" highlightOnHover>
        <Table.Caption>Work waiting for the market operator, most urgent first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What to do</Table.Th>
            <Table.Th>About</Table.Th>
            <Table.Th>Detail</Table.Th>
            <Table.Th>Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.kind}-${item.link}-${item.subject}-${item.detail}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={item.link}
                  fw={600}
                  size="sm"
                  aria-label={`${item.label}: ${item.subject}`}
                >
                  {item.label}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.subject}</Table.Td>
              <Table.Td>
                <Text size="sm">{item.detail}</Text>
              </Table.Td>
              <Table.Td>{dateText(item.due)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RoundsTable({ rounds }: { rounds: OperatorHome['rounds'] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table captionSide="top" highlightOnHover>
        <Table.Caption>
          Participants, projects offered and credit requirements bid in each round
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Round</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Participants</Table.Th>
            <Table.Th ta="right">Projects offered</Table.Th>
            <Table.Th ta="right">Requirements bid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.map((row) => (
            <Table.Tr key={row.round.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/markets/${row.round.marketId}/round/${row.round.id}`}
                  size="sm"
                >
                  {row.round.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.marketName}
                </Text>
              </Table.Td>
              <Table.Td>{roundLabel(row.round.status)}</Table.Td>
              <Table.Td ta="right">{row.participants}</Table.Td>
              <Table.Td ta="right">{row.projectsOffered}</Table.Td>
              <Table.Td ta="right">{row.requirementsBid}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The operator's work list: what needs attention now, and each round under way with its counts. */
export function OperatorWork() {
  const home = useHome('operator');
  return (
    <Stack gap="lg">
      <WorkSection
        title="Needs your attention"
        query={home}
        isEmpty={(data) => data.attention.length === 0}
        emptyText="Nothing needs your attention now."
      >
        {(data) => <AttentionTable items={data.attention} />}
      </WorkSection>
      <WorkSection
        title="Rounds under way"
        query={home}
        isEmpty={(data) => data.rounds.length === 0}
        emptyText="No round is under way."
      >
        {(data) => <RoundsTable rounds={data.rounds} />}
      </WorkSection>
    </Stack>
  );
}
