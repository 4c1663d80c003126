import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  CREDIT_REQUIREMENT_STATUSES,
  CREDIT_REQUIREMENT_TYPES,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  type NamedReference,
  REQUIREMENT_SORT_KEYS,
  type RequirementListItem,
} from '@curlew/domain';
import { Anchor, Button, Group, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useActionsConfig, useApi } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
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

/** The list filters the server takes, in the order the page shows them. */
export const REQUIREMENT_FILTERS = ['roundId', 'status', 'type', 'creditType', 'lpaId'] as const;
type FilterKey = (typeof REQUIREMENT_FILTERS)[number];

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
  units: { id: 'units', header: 'Units', render: (row) => row.units.toLocaleString('en-GB') },
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

// Local planning authorities see no rounds, and only their own area.
const FILTERS_OF: Record<RequirementReader, readonly FilterKey[]> = {
  operator: REQUIREMENT_FILTERS,
  participant: ['roundId', 'status', 'type', 'creditType'],
  lpa: ['status', 'creditType'],
};

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

const STATUS_OPTIONS = options(CREDIT_REQUIREMENT_STATUSES, CREDIT_REQUIREMENT_STATUS_LABELS);
const TYPE_OPTIONS = options(CREDIT_REQUIREMENT_TYPES, REQUIREMENT_TYPE_LABELS);
const CREDIT_TYPE_OPTIONS = options(CREDIT_TYPES, CREDIT_TYPE_LABELS);

const ROUNDS_PATH = '/rounds?sort=createdAt&order=desc&page=1&pageSize=100';
const LPAS_PATH = '/lpas';

function useChoices(path: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['requirement-filters', path],
    queryFn: async ({ signal }) => {
      const answer = await api.get<NamedReference[] | { items: NamedReference[] }>(path, { signal });
      const rows = Array.isArray(answer) ? answer : answer.items;
      return rows.map((row) => ({ value: row.id, label: row.name }));
    },
    enabled,
    staleTime: 60_000,
  });
}

/** The filters of the list, held in the address query so links and Back keep them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(REQUIREMENT_FILTERS.map((key) => [key, params.get(key)])) as Record<
    FilterKey,
    string | null
  >;
  const set = (key: FilterKey, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
      next.delete('page');
      return next;
    });
  return { values, set };
}

function FilterSelect({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder="Any"
      data={data}
      value={value}
      onChange={onChange}
      clearable
      size="sm"
    />
  );
}

/** The list of credit requirements a reader may see: sortable, filtered on the server, paged; CSV for the operator. */
function RequirementsList({ reader }: { reader: RequirementReader }) {
  usePageTitle('Credit requirements');
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const { apiBase } = useActionsConfig();
  const list = useListState(LIST_CONFIG);
  const filters = useFilters();
  const shown = FILTERS_OF[reader];
  const active = Object.fromEntries(shown.map((key) => [key, filters.values[key] ?? undefined])) as Partial<
    Record<FilterKey, string>
  >;
  const query = usePagedList<RequirementListItem>(
    [...REQUIREMENTS_KEY, 'list'],
    `${REQUIREMENTS_SELF}?${listQueryString(list.state, active)}`,
  );
  const rounds = useChoices(ROUNDS_PATH, shown.includes('roundId'));
  const lpas = useChoices(LPAS_PATH, shown.includes('lpaId'));
  const page = query.data as PageWithActions<RequirementListItem> | undefined;
  const create = reader === 'lpa' ? undefined : page?.actions?.find((a) => a.id === 'CreateRequirement');
  const filtered = Object.values(active).some((value) => value !== undefined);
  const csv = new URLSearchParams(listQueryString(list.state, active));
  csv.delete('page');
  csv.delete('pageSize');
  csv.set('format', 'csv');
  const roundId = active.roundId ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Credit requirements</Title>
        <Group gap="xs">
          {reader === 'operator' && (
            <Button
              component="a"
              variant="default"
              href={apiAddress(apiBase, `${REQUIREMENTS_SELF}?${csv.toString()}`)}
              download="credit-requirements.csv"
            >
              Export CSV
            </Button>
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
      <Group gap="xs" align="flex-end" wrap="wrap">
        {shown.includes('roundId') && (
          <FilterSelect
            label="Market round"
            data={rounds.data ?? []}
            value={filters.values.roundId}
            onChange={(value) => filters.set('roundId', value)}
          />
        )}
        <FilterSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.values.status}
          onChange={(value) => filters.set('status', value)}
        />
        {shown.includes('type') && (
          <FilterSelect
            label="Requirement for"
            data={TYPE_OPTIONS}
            value={filters.values.type}
            onChange={(value) => filters.set('type', value)}
          />
        )}
        <FilterSelect
          label="Credit type"
          data={CREDIT_TYPE_OPTIONS}
          value={filters.values.creditType}
          onChange={(value) => filters.set('creditType', value)}
        />
        {shown.includes('lpaId') && (
          <FilterSelect
            label="Local planning authority"
            data={lpas.data ?? []}
            value={filters.values.lpaId}
            onChange={(value) => filters.set('lpaId', value)}
          />
        )}
      </Group>
      <DataTable
        label="Credit requirements"
        columns={COLUMNS[reader]}
        rowKey={(row) => row.id}
        list={list}
        query={query}
        searchLabel="Search by name or planning reference"
        emptyText={
          filtered ? 'No credit requirements match these filters.' : 'There are no credit requirements yet.'
        }
      />
      {reader !== 'lpa' && roundId !== null && <RoundRequirementGroups roundId={roundId} />}
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
