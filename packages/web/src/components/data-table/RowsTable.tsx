import { Table, type TableProps } from '@mantine/core';
import type { DataTableColumn } from './DataTable.tsx';

/**
 * A column of a rows table: a data table's column, kept on one line when `nowrap` (dates, times), aligned right
 * when `numeric` (units, amounts).
 */
export interface RowsTableColumn<T> extends Omit<DataTableColumn<T>, 'sortKey'> {
  nowrap?: boolean;
  numeric?: boolean;
}

/**
 * A table of rows the page already holds (no paging, no sorting), its columns declared as a data table's are;
 * with `caption` it is named by a caption above it, with `minWidth` it scrolls sideways on narrow screens.
 */
export function RowsTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  minWidth,
  ...table
}: {
  rows: readonly T[];
  columns: readonly RowsTableColumn<T>[];
  rowKey: (row: T) => string;
  caption?: string;
  minWidth?: number;
} & Omit<TableProps, 'children' | 'data' | 'captionSide'>) {
  const content = (
    <Table {...(caption === undefined ? {} : { captionSide: 'top' as const })} {...table}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.id} ta={column.numeric ? 'right' : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.id}
                ta={column.numeric ? 'right' : undefined}
                style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? (
    content
  ) : (
    <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer>
  );
}
