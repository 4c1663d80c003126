import type { ReservedCredit } from '@curlew/domain';
import { Alert, Loader } from '@mantine/core';
import { usePagedList } from '../../components/data-table/useListState.ts';
import { Section, SmallTable } from './RegistryParts.tsx';
import { creditTypeLabel, REGISTRY_KEY, remainingText, unitsText } from './registryApi.ts';

/** The most reserved credits the participant's view lists (one page of the reserve). */
const SHOWN = 100;

/**
 * The reserve held from the reader's projects (the reserved credits of the projects it sees): per project, credit
 * type and year, what the market holds back, what has been used and what remains. Nothing when none is held, so a
 * buyer's page stays as it was.
 */
export function OwnReserve() {
  const reserve = usePagedList<ReservedCredit>(
    [...REGISTRY_KEY, 'reserve', 'own'],
    `/reserved-credits?sort=project&order=asc&page=1&pageSize=${SHOWN}`,
  );
  if (reserve.isPending) return <Loader size="sm" aria-label="Loading the reserve" />;
  if (reserve.isError)
    return (
      <Alert color="red" role="alert" title="The reserve could not be loaded">
        {reserve.error.message}
      </Alert>
    );
  if (reserve.data.items.length === 0) return null;
  return (
    <Section id="own-reserve" title="Reserve held from your projects">
      <SmallTable
        label="Reserve held from your projects"
        headers={['Project', 'Credit type', 'Year', 'Units held', 'Used', 'Remaining', 'Round']}
        empty=""
        rows={reserve.data.items.map((credit) => ({
          key: credit.id,
          cells: [
            credit.project.name,
            creditTypeLabel(credit.creditType),
            credit.year,
            unitsText(credit.units),
            unitsText(credit.usedUnits),
            remainingText(credit),
            credit.round.name,
          ],
        }))}
      />
    </Section>
  );
}
