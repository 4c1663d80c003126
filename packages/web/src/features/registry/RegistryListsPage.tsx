import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  PROJECT_SORT_KEYS,
  type ProjectListItem,
  REQUIREMENT_SORT_KEYS,
  type RequirementListItem,
} from '@curlew/domain';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import type { ListFilters } from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { projectColumns } from '../projects/projectColumns.tsx';
import { creditTypesText, showDate } from '../projects/projectDisplay.ts';
import { ADMIN_PATHS, REGISTRY_KEY, registryProjectPath, unitsText } from './registryApi.ts';

const shared = projectColumns(registryProjectPath);
const PROJECT_COLUMNS: DataTableColumn<ProjectListItem>[] = [
  shared.name,
  shared.status,
  shared.supplier,
  shared.round,
  shared.credits,
  shared.lpa,
];

const REQUIREMENT_COLUMNS: DataTableColumn<RequirementListItem>[] = [
  {
    id: 'name',
    header: 'Credit requirement',
    sortKey: 'name',
    render: (requirement) => (
      <Anchor component={Link} to={ADMIN_PATHS.requirement(requirement.id)} size="sm">
        {requirement.name}
      </Anchor>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (requirement) => (
      <StatusBadge color="blue.9">{CREDIT_REQUIREMENT_STATUS_LABELS[requirement.status]}</StatusBadge>
    ),
  },
  { id: 'buyer', header: 'Owner', sortKey: 'buyer', render: (requirement) => requirement.buyer.name },
  { id: 'round', header: 'Round', sortKey: 'round', render: (requirement) => requirement.round?.name ?? '—' },
  {
    id: 'credits',
    header: 'Credit types',
    render: (requirement) => creditTypesText(requirement.creditTypes),
  },
  { id: 'units', header: 'Units', render: (requirement) => unitsText(requirement.units) },
  {
    id: 'planningRef',
    header: 'Planning reference',
    render: (requirement) => requirement.planningRef ?? '—',
  },
  {
    id: 'redemptionDate',
    header: 'Redemption date',
    render: (requirement) =>
      requirement.redemptionDate === null ? '—' : showDate(requirement.redemptionDate),
  },
];

const NON_COMPLIANT: ListFilters = {
  filters: [{ kind: 'flag', key: 'nonCompliant', label: 'Non-compliant only' }],
};
const LATE_REDEMPTIONS: ListFilters = {
  filters: [{ kind: 'flag', key: 'lateRedemptions', label: 'Late redemptions only' }],
};

/** One registry list of records (projects or requirements) with its one yes/no filter in the address. */
function RegistryRecords<T extends { id: string }>({
  title,
  collection,
  filters: declared,
  config,
  columns,
  file,
  emptyText,
  flaggedEmptyText,
}: {
  title: string;
  collection: string;
  filters: ListFilters;
  config: ListConfig;
  columns: DataTableColumn<T>[];
  file: string;
  emptyText: string;
  flaggedEmptyText: string;
}) {
  usePageTitle(title);
  const list = useListState(config);
  const filters = useListFilters(declared);
  const query = listQueryString(list.state, { registry: 'true', ...filters.query });
  const paged = usePagedList<T>([...REGISTRY_KEY, collection], `/${collection}?${query}`);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <DataTable
        label={title}
        columns={columns}
        rowKey={(row) => row.id}
        list={list}
        query={paged}
        searchLabel={`Search ${title.toLowerCase()}`}
        filters={filters}
        emptyText={filters.filtered ? flaggedEmptyText : emptyText}
        toolbar={
          <ExportButtons
            path={`/${collection}`}
            state={list.state}
            filters={{ registry: 'true', ...filters.query }}
            filename={file}
          />
        }
      />
    </Stack>
  );
}

/** `/registry/projects` (operator): projects from Matched on; the non-compliant ones on request. */
export function RegistryProjectsPage() {
  return (
    <RegistryRecords<ProjectListItem>
      title="Projects registry"
      collection="projects"
      filters={NON_COMPLIANT}
      config={{ sortKeys: PROJECT_SORT_KEYS, defaultSort: 'name' }}
      columns={PROJECT_COLUMNS}
      file="projects-registry"
      emptyText="No project has been matched yet."
      flaggedEmptyText="No project is non-compliant."
    />
  );
}

/** `/registry/credit-requirements` (operator): requirements from RightsCreated on; late redemptions on request. */
export function RegistryRequirementsPage() {
  return (
    <RegistryRecords<RequirementListItem>
      title="Credit requirements registry"
      collection="requirements"
      filters={LATE_REDEMPTIONS}
      config={{ sortKeys: REQUIREMENT_SORT_KEYS, defaultSort: 'createdAt' }}
      columns={REQUIREMENT_COLUMNS}
      file="credit-requirements-registry"
      emptyText="No requirement has been matched yet."
      flaggedEmptyText="No redemption is late."
    />
  );
}
