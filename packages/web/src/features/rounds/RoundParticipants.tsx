import {
  completeParticipation,
  type MarketRound,
  PARTICIPATION_CAPACITIES,
  PARTICIPATION_SORT_KEYS,
  type Participation,
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_STATUSES,
} from '@curlew/domain';
import { Anchor, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
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
export function ParticipantCounts({ round }: { round: MarketRound }) {
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

const CAPACITY_OPTIONS = PARTICIPATION_CAPACITIES.map((value) => ({ value, label: CAPACITY_LABELS[value] }));
const STATUS_OPTIONS = REGISTRATION_STATUSES.map((value) => ({
  value,
  label: REGISTRATION_STATUS_LABELS[value],
}));

/** The round's participants (operator): counts, then the table filtered by capacity and status. */
export function RoundParticipants({ round }: { round: MarketRound }) {
  const list = useListState(LIST_CONFIG);
  const [capacity, setCapacity] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const query = usePagedList<Participation>(
    [...MARKETS_KEY, 'participations'],
    `/participations?${listQueryString(list.state, {
      roundId: round.id,
      capacity: capacity ?? undefined,
      status: status ?? undefined,
    })}`,
  );
  const filtered = capacity !== null || status !== null;
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
        emptyText={
          filtered ? 'No participants match these filters.' : 'No one has registered for this round yet.'
        }
        toolbar={
          <Group gap="xs">
            <Select
              label="Taking part as"
              placeholder="Any"
              data={CAPACITY_OPTIONS}
              value={capacity}
              onChange={(value) => {
                setCapacity(value);
                list.goToPage(1);
              }}
              clearable
              size="sm"
            />
            <Select
              label="Status"
              placeholder="Any"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(value) => {
                setStatus(value);
                list.goToPage(1);
              }}
              clearable
              size="sm"
            />
          </Group>
        }
      />
    </Stack>
  );
}
