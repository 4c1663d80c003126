import type { Page } from '@curlew/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FilterBar } from './FilterBar.tsx';
import { PAGE_SIZES, pageCount, rangeText } from './listState.ts';
import type { ListFilterState } from './useAddressFilters.ts';
import type { ListControls } from './useListState.ts';

/** One column of a data table; a column with a `sortKey` sorts the server list by that key. */
export interface DataTableColumn<T> {
  id: string;
  header: string;
  sortKey?: string;
  render: (row: T) => ReactNode;
}

/** Props of the data table. */
export interface DataTableProps<T> {
  /** The table's accessible name, e.g. 'Participants'. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  list: ListControls;
  query: Pick<
    UseQueryResult<Page<T>, Error>,
    'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'
  >;
  /** Shows a search box with this label (the server filters by `q`). */
  searchLabel?: string;
  /** The list's declared filters (`useListFilters`), shown above the search box. */
  filters?: ListFilterState;
  /** Shown when the list has no rows at all. */
  emptyText: string;
  /** Controls shown beside the search box (create buttons, filters). */
  toolbar?: ReactNode;
}

const SKELETON_ROWS = 5;

const ariaSort = (active: boolean, order: 'asc' | 'desc') =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

function HeaderCell<T>({ column, list }: { column: DataTableColumn<T>; list: ListControls }) {
  if (column.sortKey === undefined) return <Table.Th>{column.header}</Table.Th>;
  const { sortKey } = column;
  const active = list.state.sort === sortKey;
  return (
    <Table.Th aria-sort={ariaSort(active, list.state.order)}>
      <UnstyledButton onClick={() => list.sortBy(sortKey)} fw={700} fz="sm">
        {column.header}
        <Text span aria-hidden="true" ml={4} fz="xs" c={active ? undefined : 'dimmed'}>
          {active ? (list.state.order === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

function Pager<T>({ list, data }: { list: ListControls; data: Page<T> }) {
  const { page, pageSize } = list.state;
  const pages = pageCount(data.total, pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      {/* The range describes the rows on screen, which lag the address while the next page loads. */}
      <Text size="sm" aria-live="polite">
        {rangeText(data.page, data.pageSize, data.items.length, data.total)}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label="Rows per page"
          size="xs"
          value={String(pageSize)}
          onChange={(event) => list.setPageSize(Number.parseInt(event.currentTarget.value, 10))}
          data={PAGE_SIZES.map(String)}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={list.goToPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </Group>
  );
}

/**
 * A server list as a table: its filter bar (search box and declared filters), sortable column headers, paging with a page-size choice, a
 * loading skeleton, an empty state and an error state with Retry. Its state lives in the address query (see
 * `useListState`), so links and Back work.
 */
export function DataTable<T>({
  label,
  columns,
  rowKey,
  list,
  query,
  searchLabel,
  filters,
  emptyText,
  toolbar,
}: DataTableProps<T>) {
  const { data } = query;
  const filtered = list.state.q !== '';
  let body: ReactNode;
  if (query.isPending) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={row}>
        {columns.map((column) => (
          <Table.Td key={column.id}>
            <Skeleton height={12} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (data !== undefined && data.items.length > 0) {
    body = data.items.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) => (
          <Table.Td key={column.id}>{column.render(row)}</Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  const empty = !query.isPending && !query.isError && data !== undefined && data.items.length === 0;
  return (
    <Stack gap="sm">
      <FilterBar list={list} searchLabel={searchLabel} filters={filters} toolbar={toolbar} />
      {query.isError && (
        <Alert color="red" role="alert" title={`${label} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error?.message}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {query.isPending && <VisuallyHidden role="status">{`Loading ${label.toLowerCase()}`}</VisuallyHidden>}
      {!query.isError && (
        <Table.ScrollContainer minWidth={560}>
          <Table
            aria-label={label}
            aria-busy={query.isFetching}
            verticalSpacing="xs"
            striped
            highlightOnHover
            style={{ opacity: query.isFetching && !query.isPending ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <HeaderCell key={column.id} column={column} list={list} />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {empty && (
        <Text c="dimmed" role="status">
          {filtered ? `Nothing matches '${list.state.q}'` : emptyText}
        </Text>
      )}
      {data !== undefined && data.total > 0 && !query.isError && <Pager list={list} data={data} />}
    </Stack>
  );
}
