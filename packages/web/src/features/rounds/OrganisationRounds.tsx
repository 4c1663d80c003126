import { PARTICIPATION_SORT_KEYS, type Participation, REGISTRATION_STATUS_LABELS } from '@curlew/domain';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import {
  CAPACITY_LABELS,
  REGISTRATION_STATUS_COLOURS,
  ROUND_STATUS_COLOUR,
  roundStatusLabel,
  showDate,
} from './roundDisplay.ts';
import { MARKETS_KEY } from './roundsApi.ts';

const LIST_CONFIG: ListConfig = {
  sortKeys: PARTICIPATION_SORT_KEYS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  prefix: 'r',
};

/** The operator's page of a participation, under its organisation. */
const organisationParticipationPath = (participation: Participation): string =>
  `/participants/${encodeURIComponent(participation.organisation.id)}/participation/${encodeURIComponent(participation.id)}`;

const COLUMNS: DataTableColumn<Participation>[] = [
  {
    id: 'round',
    header: 'Market round',
    render: (participation) => (
      <Anchor component={Link} to={organisationParticipationPath(participation)} size="sm">
        {participation.round.name}
      </Anchor>
    ),
  },
  {
    id: 'roundStatus',
    header: 'Round status',
    render: (participation) => (
      <StatusBadge color={ROUND_STATUS_COLOUR}>{roundStatusLabel(participation.round.status)}</StatusBadge>
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
    header: 'Registration',
    sortKey: 'status',
    render: (participation) => (
      <StatusBadge color={REGISTRATION_STATUS_COLOURS[participation.status]}>
        {REGISTRATION_STATUS_LABELS[participation.status]}
      </StatusBadge>
    ),
  },
  {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    render: (participation) => (
      <time dateTime={participation.createdAt}>{showDate(participation.createdAt)}</time>
    ),
  },
];

/**
 * An organisation's rounds (operator): each participation with its round and the round's status, linked to the
 * participation's page (which links its round).
 */
export function OrganisationRounds({
  organisationId,
  organisationName,
}: {
  organisationId: string;
  organisationName: string;
}) {
  const list = useListState(LIST_CONFIG);
  const query = usePagedList<Participation>(
    [...MARKETS_KEY, 'participations'],
    `/participations?${listQueryString(list.state, { organisationId })}`,
  );
  return (
    <Stack gap="sm">
      <Title order={2}>Market rounds</Title>
      <DataTable
        label={`Market rounds of ${organisationName}`}
        columns={COLUMNS}
        rowKey={(participation) => participation.id}
        list={list}
        query={query}
        emptyText={`${organisationName} has not taken part in any market round.`}
      />
    </Stack>
  );
}
