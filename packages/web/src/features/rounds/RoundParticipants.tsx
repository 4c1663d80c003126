import {
  completeParticipation,
  type MarketRound,
  PARTICIPATION_CAPACITIES,
  PARTICIPATION_SORT_KEYS,
  type Participation,
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_STATUSES,
} from '@curlew/domain';
import { Anchor, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { type ListFilters, optionsOf } from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { CAPACITY_LABELS, REGISTRATION_STATUS_COLOURS, showDate } from './roundDisplay.ts';
import { MARKETS_KEY, participationPagePath, participationSelf } from './roundsApi.ts';

const LIST_CONFIG: ListConfig = {
  sortKeys: PARTICIPATION_SORT_KEYS,
  defaultSort: 'organisation',
  prefix: 'p',
};

/** How many participants the round has, by capacity and status. */
function ParticipantCounts({ round }: { round: MarketRound }) {
  const counts = round.summary.participations;
  return (
    <Table aria-label="Participants by capacity and status" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Taking part as</Table.Th>
          {REGISTRATION_STATUSES.map((status) => (
            <Table.Th key={status}>{REGISTRATION_STATUS_LABELS[status]}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PARTICIPATION_CAPACITIES.map((capacity) => (
          <Table.Tr key={capacity}>
            <Table.Th scope="row">{CAPACITY_LABELS[capacity]}</Table.Th>
            {REGISTRATION_STATUSES.map((status) => (
              <Table.Td key={status}>{counts[capacity]?.[status] ?? 0}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const COLUMNS: DataTableColumn<Participation>[] = [
  {
    id: 'organisation',
    header: 'Organisation',
    sortKey: 'organisation',
    render: (participation) => (
      <Anchor component={Link} to={participationPagePath(participation)} size="sm">
        {participation.organisation.name}
      </Anchor>
    ),
  },
  {
    id: 'capacity',
    header: 'Taking part as',
    sortKey: 'capacity',
    render: (participation) => CAPACITY_LABELS[participation.capacity],
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (participation) => (
      <StatusBadge color={REGISTRATION_STATUS_COLOURS[participation.status]}>
        {REGISTRATION_STATUS_LABELS[participation.status]}
      </StatusBadge>
    ),
  },
  { id: 'agent', header: 'Agent', render: (participation) => participation.agent?.name ?? '—' },
  {
    id: 'registeredAt',
    header: 'Registered on',
    render: (participation) =>
      participation.registeredAt === null ? (
        '—'
      ) : (
        <time dateTime={participation.registeredAt}>{showDate(participation.registeredAt)}</time>
      ),
  },
  {
    id: 'actions',
    header: 'Next step',
    render: (participation) => <CompleteRegistrationCell participation={participation} />,
  },
];

/** A provisional registration's Complete registration, right in the participants table (the server decides). */
function CompleteRegistrationCell({ participation }: { participation: Participation }) {
  const refresh = useRefreshAfterAction();
  const complete = participation.actions.find((action) => action.id === completeParticipation.id);
  if (complete === undefined || !complete.enabled) return '—';
  return (
    <EntityActionButton
      self={participationSelf(participation.id)}
      action={{ ...complete, title: `Complete registration of ${participation.organisation.name}` }}
      size="xs"
      onSucceeded={() => void refresh()}
    />
  );
}

/** The participants' filters: taking part as and registration status (in the address, beside the list's own). */
const FILTERS: ListFilters = {
  control: 'dropdown',
  filters: [
    {
      kind: 'select',
      key: 'capacity',
      label: 'Taking part as',
      options: optionsOf(PARTICIPATION_CAPACITIES, (capacity) => CAPACITY_LABELS[capacity]),
    },
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      options: optionsOf(REGISTRATION_STATUSES, (status) => REGISTRATION_STATUS_LABELS[status]),
    },
  ],
};

/** The round's participants (operator): counts, then the table filtered by capacity and status. */
export function RoundParticipants({ round }: { round: MarketRound }) {
  const list = useListState(LIST_CONFIG);
  const filters = useListFilters(FILTERS, LIST_CONFIG.prefix);
  const query = usePagedList<Participation>(
    [...MARKETS_KEY, 'participations'],
    `/participations?${listQueryString(list.state, { roundId: round.id, ...filters.query })}`,
  );
  return (
    <Stack gap="sm">
      <Title order={2}>Participants</Title>
      <ParticipantCounts round={round} />
      <DataTable
        label={`Participants of ${round.name}`}
        columns={COLUMNS}
        rowKey={(participation) => participation.id}
        list={list}
        query={query}
        filters={filters}
        toolbar={
          <ExportButtons
            path="/participations"
            state={list.state}
            filters={{ roundId: round.id, ...filters.query }}
            filename="participations"
          />
        }
        emptyText={
          filters.filtered
            ? 'No participants match these filters.'
            : 'No one has registered for this round yet.'
        }
      />
    </Stack>
  );
}
