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
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';

const AREA_KIND_LABELS = { LPA: 'LPA', NCA: 'NCA', Subcatchment: 'Subcatchment' } as const;

function CreditTypes({ statement }: { statement: OpportunityStatement }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Supply, demand and fees by credit type">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Credit type</Table.Th>
            <Table.Th>Supply (units)</Table.Th>
            <Table.Th>Demand (units)</Table.Th>
            <Table.Th>Projects</Table.Th>
            <Table.Th>Credit requirements</Table.Th>
            <Table.Th>Market operator fee</Table.Th>
            <Table.Th>Monitoring costs</Table.Th>
            <Table.Th>Fees per unit of supply</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.creditTypes.map((line) => (
            <Table.Tr key={line.creditType}>
              <Table.Td>{CREDIT_TYPE_LABELS[line.creditType]}</Table.Td>
              <Table.Td>{formatCredits(line.supplyUnits)}</Table.Td>
              <Table.Td>{formatCredits(line.demandUnits)}</Table.Td>
              <Table.Td>{line.projects}</Table.Td>
              <Table.Td>{line.requirements}</Table.Td>
              <Table.Td>{formatGBP(line.marketOperatorFee)}</Table.Td>
              <Table.Td>{formatGBP(line.complianceMonitoring + line.performanceMonitoring)}</Table.Td>
              <Table.Td>
                {line.feesPerUnit === null ? 'No supply' : formatGBP(line.feesPerUnit, { pence: true })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Areas({ statement }: { statement: OpportunityStatement }) {
  if (statement.areas.length === 0)
    return <Text size="sm">No supply or demand is registered in any area.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Supply and demand by area">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Credit type</Table.Th>
            <Table.Th>Area</Table.Th>
            <Table.Th>Supply (units)</Table.Th>
            <Table.Th>Demand (units)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.areas.map((line) => (
            <Table.Tr key={`${line.creditType} ${line.kind} ${line.area}`}>
              <Table.Td>{CREDIT_TYPE_LABELS[line.creditType]}</Table.Td>
              <Table.Td>
                {AREA_KIND_LABELS[line.kind]}: {line.area}
              </Table.Td>
              <Table.Td>{formatCredits(line.supplyUnits)}</Table.Td>
              <Table.Td>{formatCredits(line.demandUnits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
