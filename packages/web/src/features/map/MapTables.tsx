import { CREDIT_TYPE_LABELS, type CreditType, formatNumber } from '@curlew/domain';
import { Stack, Text } from '@mantine/core';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { usePagedRows } from '../../components/map/pagedRows.tsx';
import { creditTypesText } from './mapDisplay.ts';

/** One place of a map as a table row: what it is, its credits, units, status and area. */
export interface PlaceRow {
  key: string;
  kind: string;
  name: string;
  creditTypes: readonly CreditType[];
  units: number;
  /** The status in words, or a dash when the reader may not see it. */
  status: string;
  area: string;
}

/** One flow of a map as a table row: from a site to a development, units and multiplier. */
export interface FlowRow {
  key: string;
  from: string;
  to: string;
  creditType: CreditType;
  units: number;
  multiplier: number;
}

const PLACE_COLUMNS: readonly RowsTableColumn<PlaceRow>[] = [
  {
    id: 'name',
    header: 'Name',
    render: (row) => (
      <Text span fw={600} inherit>
        {row.name}
      </Text>
    ),
  },
  { id: 'kind', header: 'Kind', render: (row) => row.kind },
  { id: 'credits', header: 'Credits', render: (row) => creditTypesText(row.creditTypes) },
  { id: 'units', header: 'Units', numeric: true, render: (row) => formatNumber(row.units) },
  { id: 'status', header: 'Status', render: (row) => row.status },
  { id: 'area', header: 'Area', render: (row) => row.area },
];

const FLOW_COLUMNS: readonly RowsTableColumn<FlowRow>[] = [
  { id: 'from', header: 'From', render: (row) => row.from },
  { id: 'to', header: 'To', render: (row) => row.to },
  { id: 'credits', header: 'Credits', render: (row) => CREDIT_TYPE_LABELS[row.creditType] },
  { id: 'units', header: 'Units', numeric: true, render: (row) => formatNumber(row.units) },
  { id: 'multiplier', header: 'Multiplier', numeric: true, render: (row) => row.multiplier },
];

/** Rows of a map as a table beside it, a page at a time; nothing when the map draws none. */
function PagedMapTable<T extends { key: string }>({
  caption,
  rows,
  columns,
  pagerLabel,
}: {
  caption: string;
  rows: readonly T[];
  columns: readonly RowsTableColumn<T>[];
  pagerLabel: string;
}) {
  const { shown, pager } = usePagedRows(rows, pagerLabel);
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <RowsTable
        caption={caption}
        rows={shown}
        columns={columns}
        rowKey={(row) => row.key}
        minWidth={520}
        striped
        verticalSpacing={4}
        fz="sm"
      />
      {pager}
    </Stack>
  );
}

/** The places a map draws, as a table (the same data as the map, for every reader), a page at a time. */
export function MapPlacesTable({ caption, rows }: { caption: string; rows: readonly PlaceRow[] }) {
  return (
    <PagedMapTable caption={caption} rows={rows} columns={PLACE_COLUMNS} pagerLabel="Places in the table" />
  );
}

/** The flows a map draws, as a table: from which site to which development, units and multiplier; a page at a time. */
export function MapFlowsTable({ caption, rows }: { caption: string; rows: readonly FlowRow[] }) {
  return (
    <PagedMapTable caption={caption} rows={rows} columns={FLOW_COLUMNS} pagerLabel="Flows in the table" />
  );
}
