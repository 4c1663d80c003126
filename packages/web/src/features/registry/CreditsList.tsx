import {
  type FieldOption,
  OPTION_SOURCES,
  REGISTRY_CREDIT_SORT_KEYS,
  REGISTRY_CREDIT_STATUSES,
  type RegistryCredit,
} from '@curlew/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useAddressFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { FilterSelect } from '../projects/ProjectsPage.tsx';
import { RoundAndTypeFilters } from './RegistryParts.tsx';
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

/** The filters of the credits registry kept in the page's address. */
export const CREDIT_FILTERS = ['roundId', 'creditType', 'status', 'marketId', 'ownerId', 'lpaId'] as const;

const STATUS_OPTIONS: readonly FieldOption[] = REGISTRY_CREDIT_STATUSES.map((value) => ({
  value,
  label: creditStatusLabel(value),
}));

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
  const { apiBase } = useActionsConfig();
  const address = useAddressFilters(CREDIT_FILTERS);
  const config: ListConfig = {
    sortKeys: REGISTRY_CREDIT_SORT_KEYS,
    defaultSort: 'requirement',
    ...(prefix === undefined ? {} : { prefix }),
  };
  const list = useListState(config);
  const filters: Record<string, string | undefined> = fixed !== undefined ? { ...fixed } : address.filters;
  const query = listQueryString(list.state, filters);
  const paged = usePagedList<RegistryCredit>([...REGISTRY_KEY, 'credits'], `/credits/registry?${query}`);
  const filtered = fixed === undefined && address.filtered;
  const { setFilter } = address;
  const exportAddress = (format: 'csv' | 'xlsx') =>
    apiAddress(apiBase, `/credits/registry?${query}&format=${format}`);
  const current = address.filters;
  return (
    <Stack gap="sm">
      {fixed === undefined && (
        <RoundAndTypeFilters label="Filter credits" values={current} onChange={setFilter}>
          <FilterSelect
            label="Status"
            value={current.status}
            options={STATUS_OPTIONS}
            onChange={(value) => setFilter('status', value)}
          />
          {operatorFilters && (
            <>
              <FilterSelect
                label="Market"
                value={current.marketId}
                source={OPTION_SOURCES.markets}
                onChange={(value) => setFilter('marketId', value)}
              />
              <FilterSelect
                label="Owner"
                value={current.ownerId}
                source={OPTION_SOURCES.participants}
                onChange={(value) => setFilter('ownerId', value)}
              />
              <FilterSelect
                label="LPA"
                value={current.lpaId}
                source={OPTION_SOURCES.lpas}
                onChange={(value) => setFilter('lpaId', value)}
              />
            </>
          )}
        </RoundAndTypeFilters>
      )}
      <DataTable
        label={label}
        columns={columnsFor(paths)}
        rowKey={(credit) => credit.id}
        list={list}
        query={paged}
        searchLabel={`Search ${label.toLowerCase()}`}
        emptyText={filtered ? 'No credits match these filters.' : 'There are no credits in the registry yet.'}
        toolbar={
          <>
            <Button
              component="a"
              href={exportAddress('csv')}
              download="credits-registry.csv"
              variant="default"
              size="sm"
            >
              Export CSV
            </Button>
            <Button
              component="a"
              href={exportAddress('xlsx')}
              download="credits-registry.xlsx"
              variant="default"
              size="sm"
            >
              Export XLSX
            </Button>
          </>
        }
      />
    </Stack>
  );
}
