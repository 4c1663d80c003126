import '@mantine/charts/styles.css';
import {
  CREDIT_TYPE_LABELS,
  type CreditType,
  formatDate,
  REGISTRY_MEASURE_LABELS,
  REGISTRY_MEASURES,
  type RegistryTotals,
} from '@curlew/domain';
import { LineChart } from '@mantine/charts';
import { Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RetryAlert } from './RegistryParts.tsx';
import { unitsText, useRegistryRecord } from './registryApi.ts';

const COLOURS: Readonly<Record<(typeof REGISTRY_MEASURES)[number], string>> = {
  created: 'indigo.6',
  allocated: 'blue.6',
  issued: 'teal.6',
  redeemed: 'grape.6',
  retired: 'gray.6',
  reserve: 'orange.6',
};

const SERIES = REGISTRY_MEASURES.map((measure) => ({
  name: measure,
  label: REGISTRY_MEASURE_LABELS[measure],
  color: COLOURS[measure],
}));

/**
 * The registry's totals for a market or round: a table of units per credit type now, and a chart over time of the
 * chosen credit type (created, allocated, issued, redeemed, retired and held in reserve).
 */
export function TotalsChart({ marketId = '', roundId = '' }: { marketId?: string; roundId?: string }) {
  const params = new URLSearchParams();
  if (marketId !== '') params.set('marketId', marketId);
  if (roundId !== '') params.set('roundId', roundId);
  const search = params.toString();
  const totals = useRegistryRecord<RegistryTotals>(`/registry/totals${search === '' ? '' : `?${search}`}`);
  const [chosen, setChosen] = useState<CreditType | ''>('');
  const types = totals.data?.now.map((row) => row.creditType) ?? [];
  const creditType = chosen !== '' && types.includes(chosen) ? chosen : types[0];
  // The axis and the tooltip name each day as the product writes dates ('d MMM yyyy'), never as an ISO date.
  const points = (totals.data?.series ?? [])
    .filter((point) => point.creditType === creditType)
    .map((point) => ({ ...point, day: formatDate(point.date) }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="registry-totals">
      <Stack gap="sm">
        <Title order={2} id="registry-totals" size="h3">
          Totals
        </Title>
        {totals.isPending && <Loader size="sm" aria-label="Loading totals" />}
        {totals.isError && (
          <RetryAlert
            title="The totals could not be loaded"
            error={totals.error}
            retry={() => void totals.refetch()}
          />
        )}
        {totals.data !== undefined && totals.data.now.length === 0 && (
          <Text size="sm">No credits have been recorded yet.</Text>
        )}
        {totals.data !== undefined && totals.data.now.length > 0 && (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label="Units per credit type now">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Credit type</Table.Th>
                    {REGISTRY_MEASURES.map((measure) => (
                      <Table.Th key={measure} scope="col" style={{ textAlign: 'right' }}>
                        {REGISTRY_MEASURE_LABELS[measure]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {totals.data.now.map((row) => (
                    <Table.Tr key={row.creditType}>
                      <Table.Th scope="row">{CREDIT_TYPE_LABELS[row.creditType]}</Table.Th>
                      {REGISTRY_MEASURES.map((measure) => (
                        <Table.Td key={measure} style={{ textAlign: 'right' }}>
                          {unitsText(row[measure])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <NativeSelect
              label="Credit type shown over time"
              size="xs"
              w={280}
              value={creditType ?? ''}
              onChange={(event) => setChosen(event.currentTarget.value as CreditType)}
              data={types.map((type) => ({ value: type, label: CREDIT_TYPE_LABELS[type] }))}
            />
            <figure style={{ margin: 0 }}>
              <LineChart
                h={260}
                data={points}
                dataKey="day"
                series={SERIES}
                withLegend
                curveType="stepAfter"
                valueFormatter={unitsText}
                // Hidden from assistive technology (the table below says the same): nothing in it may take focus.
                lineChartProps={{ accessibilityLayer: false }}
                aria-hidden
              />
              <figcaption>
                <Text size="xs" c="dimmed">
                  {`Units of ${creditType === undefined ? '' : CREDIT_TYPE_LABELS[creditType]} at the end of each day on which they moved (the table above gives today's figures).`}
                </Text>
              </figcaption>
            </figure>
          </>
        )}
      </Stack>
    </Paper>
  );
}
