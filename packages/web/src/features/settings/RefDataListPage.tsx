import { isEditableRefDataType, type RefDataType } from '@curlew/domain';
import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { NotFoundPage } from '../../app/shell/NotFoundPage.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { FilterBar } from '../../components/data-table/FilterBar.tsx';
import type { ListFilters } from '../../components/data-table/listFilters.ts';
import type { ListConfig } from '../../components/data-table/listState.ts';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState } from '../../components/data-table/useListState.ts';
import { NcaImport } from './NcaImport.tsx';
import { NcaNeighbourImport } from './NcaNeighbours.tsx';
import { RefDataTable } from './RefDataTable.tsx';
import { type ListParams, useRefDataList } from './refdataApi.ts';
import { REFDATA_COLUMNS } from './refdataColumns.ts';
import { pluralLabel, refDataItemPath, useRefDataTypeParam } from './refdataRoute.ts';

const ACTIVE_ONLY: ListFilters = { filters: [{ kind: 'flag', key: 'active', label: 'Active only' }] };
// Habitat types are the statutory metric's and have no active flag.
const NO_FILTERS: ListFilters = { filters: [] };

function RefDataList({ type }: { type: RefDataType }) {
  const title = pluralLabel(type);
  usePageTitle(title);
  useCrumbName('refDataType', title);
  const columns = REFDATA_COLUMNS[type];
  // The server orders by its own default until a column is chosen.
  const config = useMemo<ListConfig>(
    () => ({
      sortKeys: columns.filter((column) => column.sortable).map((column) => column.key),
      defaultSort: '',
    }),
    [columns],
  );
  const list = useListState(config);
  const filters = useListFilters(type === 'habitats' ? NO_FILTERS : ACTIVE_ONLY);
  const { q, sort, order, page, pageSize } = list.state;
  const params: ListParams = {
    ...(sort === '' ? {} : { sort }),
    order,
    ...(q === '' ? {} : { q }),
    active: filters.query.active === 'true',
    page,
    pageSize,
  };
  const items = useRefDataList(type, params);
  const editable = isEditableRefDataType(type);
  const pages = items.data ? Math.max(1, Math.ceil(items.data.total / items.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          <ExportButtons
            path={`/settings/${type}`}
            state={list.state}
            filters={filters.query}
            filename={type}
            size="md"
          />
          {editable ? (
            <Button component={Link} to={refDataItemPath(type, 'new')}>
              Create
            </Button>
          ) : (
            <Text c="dimmed" size="sm">
              Read-only: the statutory biodiversity metric's habitat types
            </Text>
          )}
        </Group>
      </Group>
      <FilterBar list={list} searchLabel="Search" searchPlaceholder="Name or code" filters={filters} />
      {items.isPending ? <PageLoader /> : null}
      {items.isError ? (
        <Alert color="red" title="Could not load the list">
          {items.error.message}
        </Alert>
      ) : null}
      {items.data && items.data.items.length === 0 ? (
        <Text>
          {q !== '' || filters.filtered
            ? 'Nothing matches these filters.'
            : `There are no ${title.toLowerCase()} yet.`}
        </Text>
      ) : null}
      {items.data && items.data.items.length > 0 ? (
        <>
          <RefDataTable
            caption={title}
            columns={columns}
            items={items.data.items}
            sort={sort === '' ? undefined : sort}
            order={order}
            onSort={(key) => list.sortBy(key)}
            linkTo={(item) => refDataItemPath(type, item.id)}
          />
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {items.data.total} {items.data.total === 1 ? 'item' : 'items'}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={list.goToPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            ) : null}
          </Group>
        </>
      ) : null}
      {type === 'ncas' ? <NcaImport /> : null}
      {type === 'ncas' ? <NcaNeighbourImport /> : null}
    </Stack>
  );
}

/** settings/refdata/{type}: a sortable, searchable, paged list of one kind with the active-only toggle. */
export function RefDataListPage() {
  const type = useRefDataTypeParam();
  return type ? <RefDataList type={type} /> : <NotFoundPage />;
}
