import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { CreditsList } from './CreditsList.tsx';
import { OwnReserve } from './OwnReserve.tsx';
import { ADMIN_PATHS, AREA_PATHS } from './registryApi.ts';
import { TotalsChart } from './TotalsChart.tsx';

/** `/registry/credits` (operator): every credit in the registry and the totals of the chosen market or round over time. */
export function RegistryCreditsPage() {
  usePageTitle('Credits');
  const [params] = useSearchParams();
  return (
    <Stack gap="md">
      <Title order={1}>Credits</Title>
      <CreditsList paths={ADMIN_PATHS} operatorFilters />
      <TotalsChart marketId={params.get('marketId') ?? ''} roundId={params.get('roundId') ?? ''} />
    </Stack>
  );
}

/**
 * `/credits` for participants, agents and LPAs: the credits they own, act for, that their projects supplied, or that
 * serve their area, and the reserve held from their projects.
 */
export function AreaCreditsPage() {
  usePageTitle('Credits');
  const [params] = useSearchParams();
  return (
    <Stack gap="md">
      <Title order={1}>Credits</Title>
      <Text size="sm" c="dimmed">
        Credits in the registry that you own, act for, that your projects supplied, or that serve your area.
      </Text>
      <CreditsList paths={AREA_PATHS} />
      <OwnReserve />
      <TotalsChart roundId={params.get('roundId') ?? ''} />
    </Stack>
  );
}
