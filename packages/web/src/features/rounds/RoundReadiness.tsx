import { formatDateTime, type MarketRound } from '@curlew/domain';
import { Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { DISPLAY_TIME_ZONE } from '../activity/display.ts';
import { roundStatusLabel } from './roundDisplay.ts';

/** The id of the round page's checklist, which a refused next step points to. */
const CHECKLIST_ID = 'round-checklist';

/**
 * 'What is still needed': the lines the server checks before the round's next step (the same checks its guard
 * makes), each done or not; an open line has the button of the dialog that completes it.
 */
export function RoundChecklistView({ round, onChanged }: { round: MarketRound; onChanged: () => void }) {
  const titleId = useId();
  const { checklist } = round;
  if (checklist === undefined) return null;
  const open = checklist.items.filter((item) => !item.done).length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} id={CHECKLIST_ID}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          What is still needed
        </Title>
        <Text size="sm">
          {open === 0
            ? 'Everything is ready: the round can open for registration.'
            : `${open} of ${checklist.items.length} still to do before the round can open for registration.`}
        </Text>
        <List
          listStyleType="none"
          spacing="sm"
          aria-label="What is still needed to open for registration"
          // Each line spans the list, so its button sits at the right.
          styles={{ itemWrapper: { display: 'flex', alignItems: 'stretch' }, itemLabel: { flex: 1 } }}
        >
          {checklist.items.map((item) => {
            const action = round.actions.find((candidate) => candidate.id === item.actionId);
            return (
              <List.Item key={item.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Badge color={item.done ? 'teal.9' : 'gray.7'} variant="filled" miw={64}>
                      {item.done ? 'Done' : 'To do'}
                    </Badge>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {item.label}
                      </Text>
                      <Text size="sm">{item.detail}</Text>
                    </Stack>
                  </Group>
                  {!item.done && action !== undefined && (
                    <EntityActionButton self={round.self} action={action} size="xs" onSucceeded={onChanged} />
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}

const showDateTime = (iso: string): string => formatDateTime(iso, { timeZone: DISPLAY_TIME_ZONE });

/** The round's history: every move of its status, when, by whom and, for a rejected match, why (operator). */
export function RoundHistory({ round }: { round: MarketRound }) {
  const { history } = round;
  if (history === undefined) return null;
  return (
    <Stack gap="xs">
      <Title order={2}>History</Title>
      {history.length === 0 ? (
        <Text size="sm">No status change has been recorded for this round.</Text>
      ) : (
        <Table aria-label="History of the round">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((entry) => (
              <Table.Tr key={`${entry.at}-${entry.status}-${entry.reason ?? ''}`}>
                <Table.Td>{roundStatusLabel(entry.status)}</Table.Td>
                <Table.Td>
                  <time dateTime={entry.at}>{showDateTime(entry.at)}</time>
                </Table.Td>
                <Table.Td>{entry.by ?? 'Curlew'}</Table.Td>
                <Table.Td>{entry.reason ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
