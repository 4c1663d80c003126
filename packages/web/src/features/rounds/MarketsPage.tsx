import { MARKET_SORT_KEYS, type Market } from '@curlew/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ROUND_STATUS_COLOUR, roundStatusLabel, showDate } from './roundDisplay.ts';
import {
  MARKETS_KEY,
  MARKETS_SELF,
  marketPagePath,
  type PageWithActions,
  roundPagePath,
} from './roundsApi.ts';

const LIST_CONFIG: ListConfig = { sortKeys: MARKET_SORT_KEYS, defaultSort: 'name' };

const COLUMNS: DataTableColumn<Market>[] = [
  {
    id: 'name',
    header: 'Market',
    sortKey: 'name',
    render: (market) => (
      <Anchor component={Link} to={marketPagePath(market.id)} size="sm">
        {market.name}
      </Anchor>
    ),
  },
  { id: 'region', header: 'Region', sortKey: 'region', render: (market) => market.region ?? '—' },
  {
    id: 'round',
    header: 'Latest round and its status',
    render: (market) =>
      market.latestRound === null ? (
        <Text size="sm" c="dimmed">
          No rounds yet
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={roundPagePath(market.id, market.latestRound.id)} size="sm">
            {market.latestRound.name}
          </Anchor>
          <StatusBadge color={ROUND_STATUS_COLOUR}>{roundStatusLabel(market.latestRound.status)}</StatusBadge>
        </Group>
      ),
  },
  {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    render: (market) => <time dateTime={market.createdAt}>{showDate(market.createdAt)}</time>,
  },
];

/** `/markets` (admin): the markets with their latest round and its status, and CreateMarket when offered. */
export function MarketsPage() {
  usePageTitle('Markets');
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const list = useListState(LIST_CONFIG);
  const query = usePagedList<Market>(
    [...MARKETS_KEY, 'markets'],
    `${MARKETS_SELF}?${listQueryString(list.state)}`,
  );
  const page = query.data as PageWithActions<Market> | undefined;
  const create = page?.actions?.find((action) => action.id === 'CreateMarket');
  return (
    <Stack gap="md">
      <Title order={1}>Markets</Title>
      <DataTable
        label="Markets"
        columns={COLUMNS}
        rowKey={(market) => market.id}
        list={list}
        query={query}
        searchLabel="Search markets"
        emptyText="There are no markets yet."
        toolbar={
          <>
            <ExportButtons path={MARKETS_SELF} state={list.state} filename="markets" />
            {create !== undefined && (
              <EntityActionButton
                self={MARKETS_SELF}
                action={create}
                variant="filled"
                onSucceeded={(result) => {
                  void refresh();
                  const created = result.context?.id;
                  if (created !== undefined) void navigate(marketPagePath(created));
                }}
              />
            )}
          </>
        }
      />
    </Stack>
  );
}
