import {
  CREDIT_TYPE_LABELS,
  PROJECT_STATUS_LABELS,
  type PublicAreaTotal,
  type PublicRegistry,
} from '@curlew/domain';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useActionsConfig, useApi } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { PublicStatementsSection } from '../opportunity/PublicStatementsSection.tsx';
import { PublicRegistryMap } from './PublicRegistryMap.tsx';
import { RetryAlert, Section, SmallTable } from './RegistryParts.tsx';
import { unitsText } from './registryApi.ts';

function AreaTotals({
  id,
  title,
  totals,
}: {
  id: string;
  title: string;
  totals: readonly PublicAreaTotal[];
}) {
  return (
    <Section id={id} title={title}>
      <SmallTable
        label={title}
        headers={['Area', 'Credit type', 'Sites', 'Units']}
        empty="No units are recorded yet."
        rows={totals.map((total) => ({
          key: `${total.area}-${total.creditType}`,
          cells: [total.area, CREDIT_TYPE_LABELS[total.creditType], total.sites, unitsText(total.units)],
        }))}
      />
    </Section>
  );
}

/** The public registry's open data: each table as CSV, everything as JSON, the sites as GeoJSON points. */
const DOWNLOADS = [
  { label: 'Sites (CSV)', path: '/public/registry?format=csv&table=sites' },
  { label: 'Units by LPA (CSV)', path: '/public/registry?format=csv&table=lpa' },
  { label: 'Units by NCA (CSV)', path: '/public/registry?format=csv&table=nca' },
  { label: 'Everything (JSON)', path: '/public/registry' },
  { label: 'Sites as points (GeoJSON)', path: '/public/registry.geojson' },
] as const;

function Downloads() {
  const { apiBase } = useActionsConfig();
  return (
    <Group gap="xs" component="nav" aria-label="Open data downloads">
      <Text size="sm">Open data:</Text>
      {DOWNLOADS.map((download) => (
        <Anchor key={download.path} size="sm" href={apiAddress(apiBase, download.path)}>
          {download.label}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * `/public/registry` (no sign-in): the sites of the registry by local planning authority and National Character
 * Area with their credit types, units and status, a map of units by LPA beside its table, and the open data
 * downloads, then the rounds whose opportunity statement is public; never a price or anyone's details.
 */
export function PublicRegistryPage() {
  usePageTitle('Public registry');
  const api = useApi();
  const registry = useQuery({
    queryKey: ['public-registry'],
    queryFn: ({ signal }) => api.get<PublicRegistry>('/public/registry', { signal }),
  });
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>Public registry</Title>
        <Text size="sm">
          Sites supplying nature recovery credits through Curlew, with their units and status, by local
          planning authority and National Character Area.
        </Text>
        <Downloads />
        {registry.isPending && <PageLoader />}
        {registry.isError && (
          <RetryAlert
            title="The public registry could not be loaded"
            error={registry.error}
            retry={() => void registry.refetch()}
          />
        )}
        {registry.data !== undefined && (
          <>
            <PublicRegistryMap totals={registry.data.byLpa} />
            <Section id="public-sites" title="Sites">
              <SmallTable
                label="Sites"
                headers={[
                  'Site',
                  'Local planning authority',
                  'National Character Area',
                  'Credit types',
                  'Units',
                  'Status',
                ]}
                empty="No site is in the registry yet."
                rows={registry.data.sites.map((site, index) => ({
                  key: `${site.name}-${index}`,
                  cells: [
                    site.name,
                    site.lpa ?? '—',
                    site.nca ?? '—',
                    site.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join(', ') || '—',
                    unitsText(site.units),
                    PROJECT_STATUS_LABELS[site.status],
                  ],
                }))}
              />
            </Section>
            <AreaTotals
              id="public-nca"
              title="Units by National Character Area"
              totals={registry.data.byNca}
            />
          </>
        )}
        <PublicStatementsSection />
        <Anchor component={Link} to="/login" size="sm">
          Sign in
        </Anchor>
      </Stack>
    </Container>
  );
}
