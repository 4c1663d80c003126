import { CREDIT_TYPE_LABELS, CREDIT_TYPES, type CreditType, type PublicAreaTotal } from '@curlew/domain';
import { Box, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { AREA_VALUE_COLOURS } from '../../components/map/colours.ts';
import { Section, SmallTable } from './RegistryParts.tsx';
import { unitsText } from './registryApi.ts';

const AreaMap = lazy(() => import('../../components/map/AreaMap.tsx'));

/** The credit types that have units in some area, in the vocabulary's order. */
const typesOf = (totals: readonly PublicAreaTotal[]): CreditType[] =>
  CREDIT_TYPES.filter((type) => totals.some((total) => total.creditType === type));

/** The rows of one credit type and the map's value per LPA code (areas with no code are in the table only). */
export function shadingOf(
  totals: readonly PublicAreaTotal[],
  creditType: CreditType,
): { rows: PublicAreaTotal[]; values: Record<string, number>; most: number } {
  const rows = totals.filter((total) => total.creditType === creditType);
  const values: Record<string, number> = {};
  for (const row of rows) if (row.code !== null) values[row.code] = row.units;
  return { rows, values, most: Math.max(0, ...Object.values(values)) };
}

/** The sentence read before the map: what it shades, how many areas, how much in all and where the most is. */
export function publicMapSummary(creditType: CreditType, rows: readonly PublicAreaTotal[]): string {
  const label = CREDIT_TYPE_LABELS[creditType].toLowerCase();
  const mapped = rows.filter((row) => row.code !== null);
  const total = rows.reduce((sum, row) => sum + row.units, 0);
  const top = [...mapped].sort((a, b) => b.units - a.units)[0];
  const authorities =
    mapped.length === 1 ? '1 local planning authority' : `${mapped.length} local planning authorities`;
  const most = top ? `, the most in ${top.area} (${unitsText(top.units)})` : '';
  const unplaced =
    mapped.length < rows.length ? '; sites with no authority recorded are in the table only' : '';
  return `The map shades each local planning authority by the ${label} units of its sites: ${authorities} with ${unitsText(total)} units in all${most}${unplaced}.`;
}

/** The key of the shading: from no units (lightest) to the most in one authority (darkest). */
function Legend({ most }: { most: number }) {
  return (
    <Stack gap={2} aria-label="Key to the shading" role="group">
      <Text size="xs" fw={600}>
        Key
      </Text>
      <Box
        aria-hidden="true"
        h={12}
        style={{
          background: `linear-gradient(to right, ${AREA_VALUE_COLOURS.none}, ${AREA_VALUE_COLOURS.most})`,
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-xs)',
        }}
      />
      <Group justify="space-between">
        <Text size="xs">No units</Text>
        <Text size="xs">{unitsText(most)} units</Text>
      </Group>
    </Stack>
  );
}

/**
 * The public registry's map: each local planning authority shaded by the units of one credit type of its sites (the
 * server's totals by LPA, joined to the planning areas by LPA code), a key, one sentence saying what it shows, and
 * the same figures as a table beside it. Credit types are never added together (their units differ).
 */
export function PublicRegistryMap({ totals }: { totals: readonly PublicAreaTotal[] }) {
  const types = typesOf(totals);
  const [chosen, setChosen] = useState<CreditType | null>(null);
  const creditType = chosen !== null && types.includes(chosen) ? chosen : types[0];
  const title = 'Units by local planning authority';
  if (creditType === undefined) {
    return (
      <Section id="public-lpa" title={title}>
        <Text size="sm">No units are recorded yet, so the map has nothing to shade.</Text>
      </Section>
    );
  }
  const { rows, values, most } = shadingOf(totals, creditType);
  return (
    <Section id="public-lpa" title={title}>
      {types.length > 1 ? (
        <SegmentedControl
          aria-label="Credit type"
          value={creditType}
          onChange={(value) => setChosen(value as CreditType)}
          data={types.map((type) => ({ value: type, label: CREDIT_TYPE_LABELS[type] }))}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
            <AreaMap
              summary={publicMapSummary(creditType, rows)}
              points={[]}
              areaValues={values}
              describeArea={({ code, name }) =>
                `${rows.find((row) => row.code === code)?.area ?? name}: ${unitsText(values[code] ?? 0)} ${CREDIT_TYPE_LABELS[creditType].toLowerCase()} units`
              }
              height={380}
            />
          </Suspense>
          <Legend most={most} />
        </Stack>
        <SmallTable
          label={title}
          headers={['Local planning authority', 'Sites', `${CREDIT_TYPE_LABELS[creditType]} units`]}
          empty="No units are recorded yet."
          rows={rows.map((row) => ({
            key: `${row.code ?? row.area}-${row.creditType}`,
            cells: [row.area, row.sites, unitsText(row.units)],
          }))}
        />
      </SimpleGrid>
    </Section>
  );
}
