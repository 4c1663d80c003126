import type { MarketRound, RoundStatement } from '@curlew/domain';
import {
  CREDIT_TYPE_LABELS,
  formatCredits,
  formatDate,
  formatPenceAsGBP,
  formatPercent,
} from '@curlew/domain';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { useRoundStatement } from './matchApi.ts';

const PUBLISHED: readonly MarketRound['status'][] = ['Matched', 'Settled'];

const priceRange = (low: number, high: number): string =>
  low === high ? formatPenceAsGBP(low) : `${formatPenceAsGBP(low)} to ${formatPenceAsGBP(high)}`;

const TRADED_COLUMNS: RowsTableColumn<RoundStatement['creditTypes'][number]>[] = [
  { id: 'type', header: 'Credit type', render: (line) => CREDIT_TYPE_LABELS[line.creditType] },
  { id: 'units', header: 'Units sold', numeric: true, render: (line) => formatCredits(line.units) },
  {
    id: 'delivered',
    header: 'Units delivered after multipliers',
    numeric: true,
    render: (line) => formatCredits(line.deliveredUnits),
  },
  {
    id: 'price',
    header: 'Price paid per unit',
    numeric: true,
    render: (line) => priceRange(line.lowestPricePerUnitPence, line.highestPricePerUnitPence),
  },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function StatementBody({ statement }: { statement: RoundStatement }) {
  const split =
    `Buyers ${formatPenceAsGBP(statement.buyersSurplusPence)} ` +
    `(${formatPercent(statement.buyerShareOfSurplus * 100)}), ` +
    `suppliers ${formatPenceAsGBP(statement.suppliersSurplusPence)}`;
  return (
    <Stack gap="sm">
      {statement.acceptedAt && <Text size="sm">Accepted on {formatDate(statement.acceptedAt)}.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Figure label="Winning projects" value={String(statement.winningProjects)} />
        <Figure label="Matched credit requirements" value={String(statement.winningRequirements)} />
        <Figure label="Surplus" value={formatPenceAsGBP(statement.surplusPence)} />
        <Figure label="Surplus split" value={split} />
      </SimpleGrid>
      {statement.creditTypes.length === 0 ? (
        <Text size="sm">No credits were traded in this round.</Text>
      ) : (
        <RowsTable
          aria-label="Credits traded"
          minWidth={480}
          rows={statement.creditTypes}
          columns={TRADED_COLUMNS}
          rowKey={(line) => line.creditType}
        />
      )}
    </Stack>
  );
}

/**
 * The round's statement on its page once the match is accepted: volumes and prices per credit type, how many won,
 * the surplus and its split; shown to the operator and to the round's participants and their agents.
 */
export function RoundStatementView({ round }: { round: MarketRound }) {
  const published = PUBLISHED.includes(round.status);
  const statement = useRoundStatement(round.id, published);
  // Only the round's participants and their agents read it: for anyone else the round has no statement to show.
  if (!published || (statement.error instanceof ApiError && statement.error.status === 404)) return null;
  return (
    <Stack gap="xs">
      <Title order={2}>Round statement</Title>
      {statement.isPending ? (
        <PageLoader />
      ) : statement.isError ? (
        <LoadFailure what="Round statement" error={statement.error} retry={() => void statement.refetch()} />
      ) : (
        <StatementBody statement={statement.data} />
      )}
    </Stack>
  );
}
