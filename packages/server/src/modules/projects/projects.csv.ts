import { CREDIT_TYPE_LABELS, type ProjectListItem } from '@curlew/domain';

/** A CSV cell: quoted when needed; a leading formula character is neutralised so no spreadsheet runs it. */
const cell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The columns of the projects CSV (never an offer or a cost). */
export const PROJECT_CSV_COLUMNS = [
  'Name',
  'Status',
  'Supplier',
  'Agent',
  'Project type',
  'Market',
  'Market round',
  'Services',
  'Local planning authority',
  'Project group',
  'Created',
] as const;

/** The projects list as CSV text (header line first, CRLF line ends). */
export const projectsCsv = (items: readonly ProjectListItem[]): string =>
  `${[
    PROJECT_CSV_COLUMNS.join(','),
    ...items.map((item) =>
      [
        item.name,
        item.status,
        item.supplier.name,
        item.agent?.name ?? '',
        item.type?.name ?? '',
        item.market?.name ?? '',
        item.round?.name ?? '',
        item.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join('; '),
        item.lpa?.name ?? '',
        item.group ? `${item.group.name} (${item.group.type})` : '',
        item.createdAt,
      ]
        .map(cell)
        .join(','),
    ),
  ].join('\r\n')}\r\n`;
