import {
  OPTION_SOURCES,
  REGISTRY_CREDIT_SORT_KEYS,
  REGISTRY_CREDIT_STATUSES,
  type RegistryCredit,
  type RegistryCreditQuery,
} from '@curlew/domain';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { type ListFilter, type ListFilters, optionsOf } from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ROUND_AND_TYPE_FILTERS } from './RegistryParts.tsx';
import {
  creditStatusColour,
  creditStatusLabel,
  creditTypeLabel,
  durationText,
  REGISTRY_KEY,
  type RegistryPaths,
  unitsText,
  yearsText,
} from './registryApi.ts';

const STATUS_FILTER: ListFilter<'status'> = {
  kind: 'select',
  key: 'status',
  label: 'Status',
  options: optionsOf(REGISTRY_CREDIT_STATUSES, creditStatusLabel),
};

/** The filters of the credits registry kept in the page's address: the participant's, and the operator's. */
const FILTERS: Record<'own' | 'operator' | 'none', ListFilters<keyof RegistryCreditQuery>> = {
  own: { label: 'Filter credits', filters: [...ROUND_AND_TYPE_FILTERS, STATUS_FILTER] },
  operator: {
    label: 'Filter credits',
    filters: [
      ...ROUND_AND_TYPE_FILTERS,
      STATUS_FILTER,
      { kind: 'select', key: 'marketId', label: 'Market', source: OPTION_SOURCES.markets },
      { kind: 'select', key: 'ownerId', label: 'Owner', source: OPTION_SOURCES.participants },
      { kind: 'select', key: 'lpaId', label: 'LPA', source: OPTION_SOURCES.lpas },
    ],
  },
  none: { filters: [] },
};

const columnsFor = (paths: RegistryPaths): DataTableColumn<RegistryCredit>[] => [
  {
    id: 'requirement',
    header: 'Credit requirement',
    sortKey: 'requirement',
    render: (credit) => (
      <Anchor component={Link} to={paths.credit(credit.id)} size="sm">
        {credit.requirement.name}
      </Anchor>
    ),
  },
  { id: 'owner', header: 'Owner', sortKey: 'owner', render: (credit) => credit.owner.name },
  {
    id: 'creditType',
    header: 'Credit type',
    sortKey: 'creditType',
    render: (credit) => creditTypeLabel(credit.creditType),
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (credit) => (
      <StatusBadge color={creditStatusColour(credit.status)}>{creditStatusLabel(credit.status)}</StatusBadge>
    ),
  },
  { id: 'units', header: 'Units', sortKey: 'units', render: (credit) => unitsText(credit.units) },
  {
    id: 'years',
    header: 'Years',
    render: (credit) => `${yearsText(credit.deliveryYears)} (${durationText(credit)})`,
  },
  {
    id: 'sources',
    header: 'Source projects',
    render: (credit) => credit.sources.map((source) => source.name).join(', ') || '—',
  },
  { id: 'round', header: 'Round', sortKey: 'round', render: (credit) => credit.round?.name ?? '—' },
];

/** Props of the credits list. */
export interface CreditsListProps {
  /** Where the rows link to. */
  paths: RegistryPaths;
  /** Fixed filters (a project's or a requirement's credits); the address filters show only without them. */
  fixed?: { projectId?: string; requirementId?: string };
  /** Offers the market, owner and LPA filters (the operator's list). */
  operatorFilters?: boolean;
  /** Keeps this list's state apart in the address (a list inside a record page). */
  prefix?: string;
  label?: string;
}

/**
 * The credits registry: every requirement credit the reader may see, sortable, searchable, filtered by round,
 * credit type, status and LPA (in the address), paged, with CSV and XLSX exports of every matching row.
 */
export function CreditsList({
  paths,
  fixed,
  operatorFilters = false,
  prefix,
  label = 'Credits',
}: CreditsListProps) {
  const config: ListConfig = {
    sortKeys: REGISTRY_CREDIT_SORT_KEYS,
    defaultSort: 'requirement',
    ...(prefix === undefined ? {} : { prefix }),
  };
  const list = useListState(config);
  const filters = useListFilters(
    fixed !== undefined ? FILTERS.none : operatorFilters ? FILTERS.operator : FILTERS.own,
    prefix,
  );
  const query = listQueryString(list.state, fixed ?? filters.query);
  const paged = usePagedList<RegistryCredit>([...REGISTRY_KEY, 'credits'], `/credits/registry?${query}`);
  return (
    <Stack gap="sm">
      <DataTable
        label={label}
        columns={columnsFor(paths)}
        rowKey={(credit) => credit.id}
        list={list}
        query={paged}
        searchLabel={`Search ${label.toLowerCase()}`}
        filters={filters}
        emptyText={
          filters.filtered ? 'No credits match these filters.' : 'There are no credits in the registry yet.'
        }
        toolbar={
          <ExportButtons
            path="/credits/registry"
            state={list.state}
            filters={fixed ?? filters.query}
            filename="credits-registry"
          />
        }
      />
    </Stack>
  );
}
