import { type Market, type MarketRound, ROUND_SORT_KEYS } from '@curlew/domain';
import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton, EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { Detail } from '../../components/records/Detail.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { WhenLoaded } from './LoadFailure.tsx';
import { ROUND_STATUS_COLOUR, roundStatusLabel, showDate } from './roundDisplay.ts';
import { MARKETS_KEY, type PageWithActions, ROUNDS_SELF, roundPagePath, useMarket } from './roundsApi.ts';

const ROUNDS_CONFIG: ListConfig = {
  sortKeys: ROUND_SORT_KEYS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
};

const percent = (value: number | null): string => (value === null ? 'Not set' : `${value}%`);

function MarketRounds({ market }: { market: Market }) {
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const list = useListState(ROUNDS_CONFIG);
  const query = usePagedList<MarketRound>(
    [...MARKETS_KEY, 'rounds'],
    `${ROUNDS_SELF}?${listQueryString(list.state, { marketId: market.id })}`,
  );
  const page = query.data as PageWithActions<MarketRound> | undefined;
  const create =
    page?.actions?.find((action) => action.id === 'CreateRound') ??
    market.actions.find((action) => action.id === 'CreateRound');
  const columns: DataTableColumn<MarketRound>[] = [
    {
      id: 'name',
      header: 'Round',
      sortKey: 'name',
      render: (round) => (
        <Anchor component={Link} to={roundPagePath(market.id, round.id)} size="sm">
          {round.name}
        </Anchor>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (round) => (
        <StatusBadge color={ROUND_STATUS_COLOUR}>{roundStatusLabel(round.status)}</StatusBadge>
      ),
    },
    {
      id: 'createdAt',
      header: 'Added',
      sortKey: 'createdAt',
      render: (round) => <time dateTime={round.createdAt}>{showDate(round.createdAt)}</time>,
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={2}>Rounds</Title>
      <DataTable
        label={`Rounds of ${market.name}`}
        columns={columns}
        rowKey={(round) => round.id}
        list={list}
        query={query}
        emptyText="This market has no rounds yet."
        toolbar={
          <>
            <ExportButtons
              path={ROUNDS_SELF}
              state={list.state}
              filters={{ marketId: market.id }}
              filename="rounds"
            />
            {create !== undefined && (
              <EntityActionButton
                self={ROUNDS_SELF}
                action={create}
                variant="filled"
                prefill={{ marketId: market.id }}
                onSucceeded={(result) => {
                  void refresh();
                  const created = result.context?.id;
                  if (created !== undefined) void navigate(roundPagePath(market.id, created));
                }}
              />
            )}
          </>
        }
      />
    </Stack>
  );
}

function MarketView({ market }: { market: Market }) {
  const refresh = useRefreshAfterAction();
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{market.name}</Title>
          <Text c="dimmed">Market</Text>
        </Stack>
        <EntityActionButtons
          self={market.self}
          actions={market.actions}
          exclude={['CreateRound']}
          label={`Actions for ${market.name}`}
          onSucceeded={() => void refresh()}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label="Description">{market.description ?? 'No description'}</Detail>
        <Detail label="Region">{market.region ?? 'Not set'}</Detail>
        <Detail label="Buyer share of surplus (k)">{market.buyerShareOfSurplus}</Detail>
        <Detail label="Default credit reserve">{percent(market.defaultReservePercentage)}</Detail>
      </SimpleGrid>
      <MarketRounds market={market} />
    </Stack>
  );
}

/** `/markets/{marketId}` (admin): the market's details and its rounds, newest first, with CreateRound. */
export function MarketPage() {
  const { marketId = '' } = useParams();
  const market = useMarket(marketId);
  useCrumbName('market', market.data?.name);
  usePageTitle(market.data?.name ?? 'Market');
  return (
    <WhenLoaded query={market} what="Market">
      {(data) => <MarketView market={data} />}
    </WhenLoaded>
  );
}
