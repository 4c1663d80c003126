import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  CREDIT_REQUIREMENT_STATUSES,
  CREDIT_REQUIREMENT_TYPES,
  CREDIT_TYPE_LABELS,
  formatNumber,
  OPTION_SOURCES,
  REQUIREMENT_SORT_KEYS,
  type RequirementListItem,
} from '@curlew/domain';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import {
  CREDIT_TYPE_OPTIONS,
  type ListFilter,
  type ListFilters,
  optionsOf,
  ROUNDS_SOURCE,
} from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { showDate } from '../rounds/roundDisplay.ts';
import { RoundRequirementGroups } from './RequirementGroups.tsx';
import { REQUIREMENT_STATUS_COLOURS, REQUIREMENT_TYPE_LABELS } from './requirementDisplay.ts';
import {
  type PageWithActions,
  REQUIREMENTS_KEY,
  REQUIREMENTS_SELF,
  requirementGroupPagePath,
  requirementPagePath,
} from './requirementsApi.ts';

const LIST_CONFIG: ListConfig = {
  sortKeys: REQUIREMENT_SORT_KEYS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
};

/** Who reads the list: the operator, a participant or agent (their own or their clients'), or an LPA. */
export type RequirementReader = 'operator' | 'participant' | 'lpa';

const creditTypes = (row: RequirementListItem): string =>
  row.creditTypes.length === 0 ? '—' : row.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join(', ');

const COLUMN = {
  name: {
    id: 'name',
    header: 'Requirement',
    sortKey: 'name',
    render: (row) => <NameCell name={row.name} to={requirementPagePath(row.id)} />,
  },
  buyer: { id: 'buyer', header: 'Buyer or investor', sortKey: 'buyer', render: (row) => row.buyer.name },
  type: { id: 'type', header: 'For', sortKey: 'type', render: (row) => REQUIREMENT_TYPE_LABELS[row.type] },
  status: {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (row) => (
      <StatusBadge color={REQUIREMENT_STATUS_COLOURS[row.status]}>
        {CREDIT_REQUIREMENT_STATUS_LABELS[row.status]}
      </StatusBadge>
    ),
  },
  round: { id: 'round', header: 'Market round', sortKey: 'round', render: (row) => row.round?.name ?? '—' },
  credits: { id: 'credits', header: 'Credit types', render: creditTypes },
  units: { id: 'units', header: 'Units', render: (row) => formatNumber(row.units) },
  lpa: { id: 'lpa', header: 'LPA', render: (row) => row.lpa?.name ?? '—' },
  planningRef: { id: 'planningRef', header: 'Planning reference', render: (row) => row.planningRef ?? '—' },
  redemptionDate: {
    id: 'redemptionDate',
    header: 'Redemption date',
    render: (row) =>
      row.redemptionDate === null ? (
        '—'
      ) : (
        <time dateTime={row.redemptionDate}>{showDate(row.redemptionDate)}</time>
      ),
  },
  group: {
    id: 'group',
    header: 'Group',
    render: (row) =>
      row.group === null ? (
        '—'
      ) : (
        <NameCell name={row.group.name} to={requirementGroupPagePath(row.group.id)} maxWidth={200} />
      ),
  },
  createdAt: {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    render: (row) => <time dateTime={row.createdAt}>{showDate(row.createdAt)}</time>,
  },
} satisfies Record<string, DataTableColumn<RequirementListItem>>;

const COLUMNS: Record<RequirementReader, DataTableColumn<RequirementListItem>[]> = {
  operator: [
    COLUMN.name,
    COLUMN.buyer,
    COLUMN.type,
    COLUMN.status,
    COLUMN.round,
    COLUMN.credits,
    COLUMN.units,
    COLUMN.lpa,
    COLUMN.group,
    COLUMN.createdAt,
  ],
  participant: [
    COLUMN.name,
    COLUMN.buyer,
    COLUMN.type,
    COLUMN.status,
    COLUMN.round,
    COLUMN.credits,
    COLUMN.units,
    COLUMN.group,
    COLUMN.createdAt,
  ],
  lpa: [
    COLUMN.name,
    COLUMN.buyer,
    COLUMN.status,
    COLUMN.planningRef,
    COLUMN.credits,
    COLUMN.units,
    COLUMN.redemptionDate,
    COLUMN.createdAt,
  ],
};

const FILTER = {
  round: { kind: 'select', key: 'roundId', label: 'Market round', source: ROUNDS_SOURCE },
  status: {
    kind: 'select',
    key: 'status',
    label: 'Status',
    options: optionsOf(CREDIT_REQUIREMENT_STATUSES, (status) => CREDIT_REQUIREMENT_STATUS_LABELS[status]),
  },
  type: {
    kind: 'select',
    key: 'type',
    label: 'Requirement for',
    options: optionsOf(CREDIT_REQUIREMENT_TYPES, (type) => REQUIREMENT_TYPE_LABELS[type]),
  },
  creditType: { kind: 'select', key: 'creditType', label: 'Credit type', options: CREDIT_TYPE_OPTIONS },
  lpa: { kind: 'select', key: 'lpaId', label: 'Local planning authority', source: OPTION_SOURCES.lpas },
} satisfies Record<string, ListFilter>;

const filtersOf = (filters: readonly ListFilter[]): ListFilters => ({
  label: 'Filter credit requirements',
  control: 'dropdown',
  filters,
});

/** The list filters the server takes, in the order the page shows them; an LPA sees no rounds, only its area. */
const FILTERS_OF: Record<RequirementReader, ListFilters> = {
  operator: filtersOf([FILTER.round, FILTER.status, FILTER.type, FILTER.creditType, FILTER.lpa]),
  participant: filtersOf([FILTER.round, FILTER.status, FILTER.type, FILTER.creditType]),
  lpa: filtersOf([FILTER.status, FILTER.creditType]),
};

/** The list of credit requirements a reader may see: sortable, filtered on the server, paged; CSV for the operator. */
function RequirementsList({ reader }: { reader: RequirementReader }) {
  usePageTitle('Credit requirements');
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const list = useListState(LIST_CONFIG);
  const filters = useListFilters(FILTERS_OF[reader]);
  const query = usePagedList<RequirementListItem>(
    [...REQUIREMENTS_KEY, 'list'],
    `${REQUIREMENTS_SELF}?${listQueryString(list.state, filters.query)}`,
  );
  const page = query.data as PageWithActions<RequirementListItem> | undefined;
  const create = reader === 'lpa' ? undefined : page?.actions?.find((a) => a.id === 'CreateRequirement');
  const roundId = filters.query.roundId;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Credit requirements</Title>
        <Group gap="xs">
          {reader === 'operator' && (
            <ExportButtons
              path={REQUIREMENTS_SELF}
              state={list.state}
              filters={filters.query}
              filename="credit-requirements"
              size="md"
            />
          )}
          {create !== undefined && (
            <EntityActionButton
              self={REQUIREMENTS_SELF}
              action={create}
              variant="filled"
              onSucceeded={(result) => {
                void refresh();
                const created = result.context?.id;
                if (created !== undefined) void navigate(requirementPagePath(created));
              }}
            />
          )}
        </Group>
      </Group>
      <DataTable
        label="Credit requirements"
        columns={COLUMNS[reader]}
        rowKey={(row) => row.id}
        list={list}
        query={query}
        searchLabel="Search by name or planning reference"
        filters={filters}
        emptyText={
          filters.filtered
            ? 'No credit requirements match these filters.'
            : 'There are no credit requirements yet.'
        }
      />
      {reader !== 'lpa' && roundId !== undefined && <RoundRequirementGroups roundId={roundId} />}
      {reader === 'lpa' && (
        <Anchor component={Link} to="/credits" size="sm">
          Credits in the registry for developments in your area
        </Anchor>
      )}
    </Stack>
  );
}

/** `/credit-requirements` (admin): every requirement, with the filters, CSV export and the create action. */
export function OperatorRequirementsPage() {
  return <RequirementsList reader="operator" />;
}

/** `/credit-requirements` (participant and agent): their own requirements, or their clients'. */
export function ParticipantRequirementsPage() {
  return <RequirementsList reader="participant" />;
}

/** `/credit-requirements` (LPA): the requirements of developments in its area, read only. */
export function LpaRequirementsPage() {
  return <RequirementsList reader="lpa" />;
}
