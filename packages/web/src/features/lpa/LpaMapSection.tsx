import { formatNumber, type LpaMap, type LpaMapSite } from '@curlew/domain';
import { Alert, Button, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../actions/ActionsConfig.tsx';
import type { MapLine, MapPoint } from '../../components/map/AreaMap.tsx';
import { type FlowRow, MapFlowsTable, MapPlacesTable, type PlaceRow } from '../map/MapTables.tsx';
import { CREDIT_TYPE_COLOURS, projectStatusLabel, requirementStatusLabel } from '../map/mapDisplay.ts';
import { projectPagePath } from '../projects/projectsApi.ts';
import { requirementPagePath } from '../requirements/requirementsApi.ts';

const AreaMap = lazy(() => import('../../components/map/AreaMap.tsx'));

/** Sites elsewhere serving the area's developments: one muted colour, whatever their credits. */
const ELSEWHERE_COLOUR = '#5f6b73';

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The one-sentence summary read before the map. */
export const lpaMapSummary = (map: LpaMap, lpaName: string): string => {
  const inArea = map.sites.filter((site) => site.inArea).length;
  const elsewhere = map.sites.length - inArea;
  const parts = [
    count(map.developments.length, 'development', 'developments'),
    `${count(inArea, 'site', 'sites')} located there`,
  ];
  if (elsewhere > 0) parts.push(`${count(elsewhere, 'site', 'sites')} elsewhere serving its developments`);
  const flows = map.flows.length > 0 ? `, and ${count(map.flows.length, 'flow', 'flows')} of credits` : '';
  return `The map shows ${lpaName} (shaded) with its ${parts.join(', ')}${flows}.`;
};

const siteDetail = (site: LpaMapSite): string =>
  site.inArea
    ? `${formatNumber(site.units)} units, ${projectStatusLabel(site.status ?? '')}`
    : `${formatNumber(site.units)} units supplied to your area, ${site.lpa?.name ?? 'elsewhere'}`;

/** The map's points, lines and table rows. */
function viewOf(map: LpaMap) {
  const points: MapPoint[] = [];
  const places: PlaceRow[] = [];
  for (const development of map.developments) {
    const [type] = development.creditTypes;
    places.push({
      key: `development:${development.id}`,
      kind: 'Development',
      name: development.planningRef ? `${development.name} (${development.planningRef})` : development.name,
      creditTypes: development.creditTypes,
      units: development.units,
      status: requirementStatusLabel(development.status),
      area: development.lpa?.name ?? 'Not set',
    });
    if (development.place && type)
      points.push({
        key: `development:${development.id}`,
        point: development.place.point,
        label: `Development ${development.name}`,
        detail: `${formatNumber(development.units)} units needed, ${requirementStatusLabel(development.status)}`,
        size: development.units,
        color: CREDIT_TYPE_COLOURS[type].demand,
      });
  }
  for (const site of map.sites) {
    const [type] = site.creditTypes;
    places.push({
      key: `site:${site.id}`,
      kind: site.inArea ? 'Site in your area' : 'Site elsewhere',
      name: site.name,
      creditTypes: site.creditTypes,
      units: site.units,
      status: site.status === null ? '—' : projectStatusLabel(site.status),
      area: site.lpa?.name ?? 'Not set',
    });
    if (site.place)
      points.push({
        key: `site:${site.id}`,
        point: site.place.point,
        label: `Site ${site.name}`,
        detail: siteDetail(site),
        size: site.units,
        color: site.inArea && type ? CREDIT_TYPE_COLOURS[type].supply : ELSEWHERE_COLOUR,
      });
  }
  const name = (id: string | null) =>
    map.sites.find((site) => site.id === id)?.name ??
    map.developments.find((development) => development.id === id)?.name ??
    '—';
  const flows: FlowRow[] = map.flows.map((flow, index) => ({
    key: `flow:${index}`,
    from: name(flow.from.id),
    to: name(flow.to.id),
    creditType: flow.creditType,
    units: flow.units,
    multiplier: flow.multiplier,
  }));
  const lines: MapLine[] = map.flows.map((flow, index) => ({
    key: `flow:${index}`,
    from: flow.from.point,
    to: flow.to.point,
    label: `${name(flow.from.id)} to ${name(flow.to.id)}: ${formatNumber(flow.units)} units × ${flow.multiplier}`,
  }));
  return { points, places, flows, lines };
}

/**
 * The LPA officer's area map: its own LPA shaded, the developments there, the sites located there and the sites
 * elsewhere serving its developments, with a line for each flow of credits; the same data as tables beside it.
 * No price is ever answered to an LPA.
 */
export function LpaMapSection() {
  const api = useApi();
  const navigate = useNavigate();
  const map = useQuery({
    queryKey: ['lpa-map'],
    queryFn: ({ signal }) => api.get<LpaMap>('/lpa/map', { signal }),
  });
  const view = useMemo(() => (map.data ? viewOf(map.data) : null), [map.data]);
  const lpa = map.data?.lpa;

  return (
    <Stack gap="sm" component="section" aria-labelledby="lpa-map-title">
      <Title order={2} id="lpa-map-title">
        Map of your area
      </Title>
      {map.isPending ? (
        <Loader size="sm" aria-label="Loading the map" />
      ) : map.isError || !map.data || !view ? (
        <Alert color="red" title="The map could not be loaded">
          <Button variant="subtle" size="compact-sm" onClick={() => void map.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !lpa ? (
        <Text size="sm">
          Your organisation is not linked to a local planning authority, so there is no map yet.
        </Text>
      ) : (
        <>
          {view.places.length === 0 ? (
            <Text size="sm">No development or site in {lpa.name} is on the market yet.</Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
              <AreaMap
                summary={lpaMapSummary(map.data, lpa.name)}
                points={view.points}
                lines={view.lines}
                highlight={{ strong: [lpa.code], light: [] }}
                onSelect={(key) => {
                  const [kind, id = ''] = key.split(':');
                  if (kind === 'development') navigate(requirementPagePath(id));
                  else if (map.data.sites.find((site) => site.id === id)?.inArea)
                    navigate(projectPagePath(id));
                }}
              />
            </Suspense>
            <Stack gap="sm">
              <MapPlacesTable caption={`Developments and sites of ${lpa.name}`} rows={view.places} />
              <MapFlowsTable caption="Credits from sites to your developments" rows={view.flows} />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
