import { isEditableRefDataType, type RefDataType } from '@curlew/domain';
import { Alert, Button, Group, Pagination, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { NotFoundPage } from '../../app/shell/NotFoundPage.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { NcaImport } from './NcaImport.tsx';
import { NcaNeighbourImport } from './NcaNeighbours.tsx';
import { RefDataTable } from './RefDataTable.tsx';
import { type ListParams, useRefDataList } from './refdataApi.ts';
import { REFDATA_COLUMNS } from './refdataColumns.ts';
import { pluralLabel, refDataItemPath, useRefDataTypeParam } from './refdataRoute.ts';

const PAGE_SIZE = 25;

/** Reads the list state from the address, so a list can be bookmarked and the back button works. */
function useListParams(): [ListParams, (changes: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const order = search.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const params: ListParams = {
    sort: search.get('sort') ?? undefined,
    order,
    q: search.get('q') ?? undefined,
    active: search.get('active') === 'true',
    page,
    pageSize: PAGE_SIZE,
  };
  const update = (changes: Partial<ListParams>) => {
    const next = { ...params, ...changes };
    const query = new URLSearchParams();
    if (next.sort) query.set('sort', next.sort);
    if (next.order === 'desc') query.set('order', 'desc');
    if (next.q) query.set('q', next.q);
    if (next.active) query.set('active', 'true');
    if (next.page > 1) query.set('page', String(next.page));
    setSearch(query, { replace: true });
  };
  return [params, update];
}

function RefDataList({ type }: { type: RefDataType }) {
  const title = pluralLabel(type);
  usePageTitle(title);
  useCrumbName('refDataType', title);
  const [params, update] = useListParams();
  const [searchText, setSearchText] = useState(params.q ?? '');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const effective = { ...params, q: debouncedSearch.trim() || undefined };
  const list = useRefDataList(type, effective);
  const editable = isEditableRefDataType(type);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
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
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or code"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            if (params.page !== 1) update({ page: 1 });
          }}
        />
        {type === 'habitats' ? null : (
          <Switch
            label="Active only"
            checked={params.active}
            onChange={(event) => update({ active: event.currentTarget.checked, page: 1 })}
          />
        )}
      </Group>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? (
        <Alert color="red" title="Could not load the list">
          {list.error.message}
        </Alert>
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <Text>
          {effective.q || params.active
            ? 'Nothing matches these filters.'
            : `There are no ${title.toLowerCase()} yet.`}
        </Text>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <RefDataTable
            caption={title}
            columns={REFDATA_COLUMNS[type]}
            items={list.data.items}
            sort={params.sort}
            order={params.order}
            onSort={(sort, order) => update({ sort, order, page: 1 })}
            linkTo={(item) => refDataItemPath(type, item.id)}
          />
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {list.data.total} {list.data.total === 1 ? 'item' : 'items'}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={params.page}
                onChange={(page) => update({ page })}
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
