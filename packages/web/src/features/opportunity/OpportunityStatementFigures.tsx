import type { OpportunityStatement } from '@curlew/domain';
import {
  CREDIT_TYPE_LABELS,
  formatCredits,
  formatDate,
  formatDateTime,
  formatGBP,
  formatPercent,
  REGISTRATION_PERIOD_LABELS,
  REGISTRATION_PERIODS,
  RESERVE_APPLIES_TO_LABELS,
} from '@curlew/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';

const AREA_KIND_LABELS = { LPA: 'LPA', NCA: 'NCA', Subcatchment: 'Subcatchment' } as const;

type CreditTypeLine = OpportunityStatement['creditTypes'][number];
type AreaLine = OpportunityStatement['areas'][number];

const CREDIT_TYPE_COLUMNS: RowsTableColumn<CreditTypeLine>[] = [
  { id: 'type', header: 'Credit type', render: (line) => CREDIT_TYPE_LABELS[line.creditType] },
  {
    id: 'supply',
    header: 'Supply (units)',
    numeric: true,
    render: (line) => formatCredits(line.supplyUnits),
  },
  {
    id: 'demand',
    header: 'Demand (units)',
    numeric: true,
    render: (line) => formatCredits(line.demandUnits),
  },
  { id: 'projects', header: 'Projects', numeric: true, render: (line) => line.projects },
  { id: 'requirements', header: 'Credit requirements', numeric: true, render: (line) => line.requirements },
  {
    id: 'fee',
    header: 'Market operator fee',
    numeric: true,
    render: (line) => formatGBP(line.marketOperatorFee),
  },
  {
    id: 'monitoring',
    header: 'Monitoring costs',
    numeric: true,
    render: (line) => formatGBP(line.complianceMonitoring + line.performanceMonitoring),
  },
  {
    id: 'perUnit',
    header: 'Fees per unit of supply',
    numeric: true,
    render: (line) =>
      line.feesPerUnit === null ? 'No supply' : formatGBP(line.feesPerUnit, { pence: true }),
  },
];

const AREA_COLUMNS: RowsTableColumn<AreaLine>[] = [
  { id: 'type', header: 'Credit type', render: (line) => CREDIT_TYPE_LABELS[line.creditType] },
  { id: 'area', header: 'Area', render: (line) => `${AREA_KIND_LABELS[line.kind]}: ${line.area}` },
  {
    id: 'supply',
    header: 'Supply (units)',
    numeric: true,
    render: (line) => formatCredits(line.supplyUnits),
  },
  {
    id: 'demand',
    header: 'Demand (units)',
    numeric: true,
    render: (line) => formatCredits(line.demandUnits),
  },
];

function CreditTypes({ statement }: { statement: OpportunityStatement }) {
  return (
    <RowsTable
      aria-label="Supply, demand and fees by credit type"
      minWidth={640}
      rows={statement.creditTypes}
      columns={CREDIT_TYPE_COLUMNS}
      rowKey={(line) => line.creditType}
    />
  );
}

function Areas({ statement }: { statement: OpportunityStatement }) {
  if (statement.areas.length === 0)
    return <Text size="sm">No supply or demand is registered in any area.</Text>;
  return (
    <RowsTable
      aria-label="Supply and demand by area"
      minWidth={480}
      rows={statement.areas}
      columns={AREA_COLUMNS}
      rowKey={(line) => `${line.creditType} ${line.kind} ${line.area}`}
    />
  );
}

function DatesAndReserve({ statement }: { statement: OpportunityStatement }) {
  const windows = REGISTRATION_PERIODS.flatMap((period) => {
    const window = statement.dates.registration[period];
    return window ? [{ period, window }] : [];
  });
  const { reserve } = statement;
  return (
    <Stack gap={4}>
      {windows.map(({ period, window }) => (
        <Text key={period} size="sm">
          {REGISTRATION_PERIOD_LABELS[period]}: {formatDate(window.start)} to {formatDate(window.end)}
        </Text>
      ))}
      {statement.dates.ampEnd && <Text size="sm">AMP end: {formatDate(statement.dates.ampEnd)}</Text>}
      <Text size="sm">
        Credit reserve:{' '}
        {reserve.percentage === null
          ? 'not set'
          : `${formatPercent(reserve.percentage)}${reserve.appliesTo ? ` of ${RESERVE_APPLIES_TO_LABELS[reserve.appliesTo].toLowerCase()}` : ''}${reserve.agreedWithEMB ? ', agreed with the EMB' : ''}`}
      </Text>
    </Stack>
  );
}

/**
 * A published opportunity statement's figures, as the round page and the public statement page show them: when it
 * was published, the supply, demand and fees by credit type, supply and demand by area, the key dates and the
 * reserve, and its CSV download at `csvHref`. `showPublic` marks, for the round's readers, that anyone may read it.
 */
export function OpportunityStatementFigures({
  statement,
  csvHref,
  showPublic,
}: {
  statement: OpportunityStatement;
  csvHref: string;
  showPublic: boolean;
}) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Published on {formatDateTime(statement.publishedAt)}.</Text>
        {showPublic && statement.isPublic && (
          <Badge variant="light" color="teal">
            Public
          </Badge>
        )}
      </Group>
      <CreditTypes statement={statement} />
      <Areas statement={statement} />
      <DatesAndReserve statement={statement} />
      <Group>
        <Button
          component="a"
          href={csvHref}
          download={`Opportunity statement ${statement.round.name}.csv`}
          variant="default"
          size="xs"
        >
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}
