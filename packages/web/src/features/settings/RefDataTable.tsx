import { Anchor, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { RefDataRecord } from './refdataApi.ts';
import { cellText, type RefDataColumn } from './refdataColumns.ts';

/** Props of a reference-data table. */
export interface RefDataTableProps {
  caption: string;
  columns: readonly RefDataColumn[];
  items: readonly RefDataRecord[];
  sort: string | undefined;
  order: 'asc' | 'desc';
  /** Asks for a column's order: ascending first, descending when it is already sorted ascending. */
  onSort: (key: string, order: 'asc' | 'desc') => void;
  /** Where an item opens; the first column links there. */
  linkTo: (item: RefDataRecord) => string;
}

const ariaSort = (active: boolean, order: 'asc' | 'desc') =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

/** A table of reference items with sortable column headings; the first column links to the item. */
export function RefDataTable({ caption, columns, items, sort, order, onSort, linkTo }: RefDataTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover captionSide="top">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort === column.key;
              return (
                <Table.Th key={column.key} aria-sort={column.sortable ? ariaSort(active, order) : undefined}>
                  {column.sortable ? (
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() => onSort(column.key, active && order === 'asc' ? 'desc' : 'asc')}
                    >
                      {column.label}
                      {active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </UnstyledButton>
                  ) : (
                    column.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column, index) => (
                <Table.Td key={column.key}>
                  {index === 0 ? (
                    <Anchor component={Link} to={linkTo(item)}>
                      {cellText(column, item) || 'Open'}
                    </Anchor>
                  ) : (
                    <Text size="sm" lineClamp={2}>
                      {cellText(column, item)}
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
