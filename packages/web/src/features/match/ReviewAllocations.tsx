import type { MatchAllocationLine, NotInClearing } from '@curlew/domain';
import { CREDIT_TYPE_LABELS, formatCredits, formatNumber, MULTIPLIER_BASIS_LABELS } from '@curlew/domain';
import { Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';

/** A multiplier with why it applies, e.g. '0.75 (Neighbouring LPA)'. */
const multiplierText = (line: Pick<MatchAllocationLine, 'multiplier' | 'multiplierBasis'>): string =>
  `${formatNumber(line.multiplier)} (${MULTIPLIER_BASIS_LABELS[line.multiplierBasis]})`;

/**
 * The allocations of a result: which project serves which requirement, the units sold, the multiplier and why, the
 * units delivered after it, and the year; with the CSV download.
 */
export function ReviewAllocations({
  rows,
  roundId,
}: {
  rows: readonly MatchAllocationLine[];
  roundId: string;
}) {
  const { apiBase } = useActionsConfig();
  const csv = apiAddress(apiBase, `/match-review?roundId=${encodeURIComponent(roundId)}&format=csv`);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>Allocations</Title>
        {rows.length > 0 && (
          <Button component="a" href={csv} download="allocations.csv" variant="default" size="sm">
            Export CSV
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm">No project serves any requirement in this result.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Allocations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project</Table.Th>
                <Table.Th>Requirement</Table.Th>
                <Table.Th>Credit type</Table.Th>
                <Table.Th>Units sold</Table.Th>
                <Table.Th>Multiplier</Table.Th>
                <Table.Th>Units delivered</Table.Th>
                <Table.Th>Year</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.serviceId}-${row.requirement.id}-${row.year}`}>
                  <Table.Td>{row.project.name}</Table.Td>
                  <Table.Td>{row.requirement.name}</Table.Td>
                  <Table.Td>{CREDIT_TYPE_LABELS[row.creditType]}</Table.Td>
                  <Table.Td>{formatCredits(row.units)}</Table.Td>
                  <Table.Td>{multiplierText(row)}</Table.Td>
                  <Table.Td>{formatCredits(row.deliveredUnits)}</Table.Td>
                  <Table.Td>{row.year}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const KIND_LABELS: Record<NotInClearing['kind'], string> = {
  project: 'Project',
  service: 'Project service',
  requirement: 'Requirement',
};

/** What was kept out of the clearing, each with why. */
export function NotInClearingList({ items }: { items: readonly NotInClearing[] }) {
  return (
    <Stack gap="xs">
      <Title order={2}>Not in the clearing</Title>
      {items.length === 0 ? (
        <Text size="sm">Every offered project and every bid entered the clearing.</Text>
      ) : (
        <List aria-label="Not in the clearing">
          {items.map((item) => (
            <List.Item key={`${item.kind}-${item.id}-${item.serviceId ?? ''}`}>
              {`${KIND_LABELS[item.kind]} ${item.name}: ${item.reason}`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
