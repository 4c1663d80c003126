import '@mantine/charts/styles.css';
import type { CurveStep, SupplyDemandCurve } from '@curlew/domain';
import { CREDIT_TYPE_LABELS, formatCredits, formatPenceAsGBP } from '@curlew/domain';
import { LineChart } from '@mantine/charts';
import { Box, Stack, Table, Text, Title } from '@mantine/core';

/** One point of the chart: cumulative units and the offer or bid price per unit (GBP) reached there. */
interface Point {
  units: number;
  Offers?: number;
  Bids?: number;
}

/** A curve as steps: each offer or bid holds its price per unit over its units, one after another. */
function steps(items: readonly CurveStep[], key: 'Offers' | 'Bids'): Point[] {
  const points: Point[] = [];
  let cumulative = 0;
  for (const item of items) {
    const price = item.pricePerUnitPence / 100;
    points.push({ units: cumulative, [key]: price });
    cumulative = Math.round((cumulative + item.units) * 100) / 100;
    points.push({ units: cumulative, [key]: price });
  }
  return points;
}

/** The points of both curves on one axis of cumulative units (each curve keeps its own order). */
export function chartPoints(curve: SupplyDemandCurve): Point[] {
  return [...steps(curve.offers, 'Offers'), ...steps(curve.bids, 'Bids')].sort((a, b) => a.units - b.units);
}

const range = (items: readonly CurveStep[]): string => {
  if (items.length === 0) return 'none';
  const prices = items.map((item) => item.pricePerUnitPence);
  const low = formatPenceAsGBP(Math.min(...prices));
  const high = formatPenceAsGBP(Math.max(...prices));
  return low === high ? `${low} per unit` : `${low} to ${high} per unit`;
};

const total = (items: readonly CurveStep[]) => items.reduce((sum, item) => sum + item.units, 0);

/** The curve in words: what the chart shows, for those who do not see it. */
export function curveSummary(curve: SupplyDemandCurve): string {
  const label = CREDIT_TYPE_LABELS[curve.creditType];
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return (
    `${label}: ${count(curve.offers.length, 'offer')} for ${formatCredits(total(curve.offers))} units at ` +
    `${range(curve.offers)}; ${count(curve.bids.length, 'bid')} for ${formatCredits(total(curve.bids))} units at ` +
    `${range(curve.bids)}; ${formatCredits(curve.clearedUnits)} units cleared.`
  );
}

function StepsTable({ curve }: { curve: SupplyDemandCurve }) {
  const label = CREDIT_TYPE_LABELS[curve.creditType];
  const rows = [
    ...curve.offers.map((step) => ({ side: 'Offer', step })),
    ...curve.bids.map((step) => ({ side: 'Bid', step })),
  ];
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={`Offers and bids for ${label.toLowerCase()} credits`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Side</Table.Th>
            <Table.Th>Project or requirement</Table.Th>
            <Table.Th>Units</Table.Th>
            <Table.Th>Price per unit</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ side, step }, index) => (
            // Names may repeat (a project on two curves is on each once); the position keeps rows apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for the page's life
            <Table.Tr key={`${side}-${index}`}>
              <Table.Td>{side}</Table.Td>
              <Table.Td>{step.name}</Table.Td>
              <Table.Td>{formatCredits(step.units)}</Table.Td>
              <Table.Td>{formatPenceAsGBP(step.pricePerUnitPence)}</Table.Td>
              <Table.Td>{step.won ? 'Won' : 'Lost'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CurveChart({ curve }: { curve: SupplyDemandCurve }) {
  const label = CREDIT_TYPE_LABELS[curve.creditType];
  const summary = curveSummary(curve);
  return (
    <Stack gap="xs">
      <Title order={3}>{label}</Title>
      <Text size="sm">{summary}</Text>
      <Text size="sm" c="dimmed">
        Price per unit against cumulative units{NUTRIENT_UNITS[curve.creditType] ?? ''}; the dashed red line
        marks the {formatCredits(curve.clearedUnits)} units cleared.
      </Text>
      {/* The drawing is one image whose words are the summary above; the table below gives every step. */}
      <Box role="img" aria-label={`Supply and demand chart. ${summary}`}>
        <LineChart
          h={280}
          data={chartPoints(curve) as unknown as Record<string, unknown>[]}
          dataKey="units"
          series={[
            { name: 'Offers', color: 'teal.7' },
            { name: 'Bids', color: 'indigo.7' },
          ]}
          curveType="linear"
          connectNulls
          withDots={false}
          withLegend
          withTooltip={false}
          xAxisLabel="Cumulative units"
          xAxisProps={{ type: 'number', domain: [0, 'dataMax'] }}
          valueFormatter={(value) => formatPenceAsGBP(Math.round(value * 100))}
          referenceLines={[{ x: curve.clearedUnits, color: 'red.8', strokeDasharray: '6 4', strokeWidth: 2 }]}
          lineChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <details>
        <summary>Every offer and bid for {label.toLowerCase()} credits</summary>
        <StepsTable curve={curve} />
      </details>
    </Stack>
  );
}

/** How nutrient units add up on the chart. */
const NUTRIENT_UNITS: Partial<Record<SupplyDemandCurve['creditType'], string>> = {
  NutrientMitigationNitrogen: ' (kg a year, added up over the round’s years)',
  NutrientMitigationPhosphorous: ' (kg a year, added up over the round’s years)',
};

/** The review's supply and demand: per credit type, offers rising and bids falling by price per unit. */
export function SupplyDemandCharts({ curves }: { curves: readonly SupplyDemandCurve[] }) {
  return (
    <Stack gap="md">
      <Title order={2}>Supply and demand</Title>
      <Text size="sm">
        Habitat, place and years limit which offers can meet which bids, so the volume cleared need not be
        where the curves cross.
      </Text>
      {curves.length === 0 ? (
        <Text size="sm">No offers or bids to draw.</Text>
      ) : (
        curves.map((curve) => <CurveChart key={curve.creditType} curve={curve} />)
      )}
    </Stack>
  );
}
