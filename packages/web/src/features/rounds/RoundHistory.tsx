import { DISPLAY_TIME_ZONE, formatDateTime, type MarketRound } from '@curlew/domain';
import { Group, Stack, Text, Title } from '@mantine/core';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { ActivityExport } from '../activity/ActivityExport.tsx';
import { roundStatusLabel } from './roundDisplay.ts';

const showDateTime = (iso: string): string => formatDateTime(iso, { timeZone: DISPLAY_TIME_ZONE });

type HistoryEntry = NonNullable<MarketRound['history']>[number];

const HISTORY_COLUMNS: readonly RowsTableColumn<HistoryEntry>[] = [
  { id: 'status', header: 'Status', render: (entry) => roundStatusLabel(entry.status) },
  {
    id: 'when',
    header: 'When',
    render: (entry) => <time dateTime={entry.at}>{showDateTime(entry.at)}</time>,
  },
  { id: 'by', header: 'By', render: (entry) => entry.by ?? 'Curlew' },
  { id: 'reason', header: 'Reason', render: (entry) => entry.reason ?? '—' },
];

/** The round's history: every move of its status, when, by whom and, for a rejected match, why (operator). */
export function RoundHistory({ round }: { round: MarketRound }) {
  const { history } = round;
  if (history === undefined) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>History</Title>
        <ActivityExport
          query={`roundId=${encodeURIComponent(round.id)}`}
          filename="round-activity"
          label="Export the round's activity (CSV)"
        />
      </Group>
      {history.length === 0 ? (
        <Text size="sm">No status change has been recorded for this round.</Text>
      ) : (
        <RowsTable
          aria-label="History of the round"
          rows={history}
          columns={HISTORY_COLUMNS}
          rowKey={(entry) => `${entry.at}-${entry.status}-${entry.reason ?? ''}`}
        />
      )}
    </Stack>
  );
}
