import {
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  type CreditType,
  formatNumber,
  type MapRecord,
  type MarketRound,
  type RoundMap,
} from '@curlew/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActionsConfig, useApi } from '../../actions/ActionsConfig.tsx';
import type { MapLine, MapPoint } from '../../components/map/AreaMap.tsx';
import { projectPagePath } from '../projects/projectsApi.ts';
import { type FlowRow, MapFlowsTable, MapPlacesTable, type PlaceRow } from './MapTables.tsx';
import { CREDIT_TYPE_COLOURS, projectStatusLabel, requirementStatusLabel } from './mapDisplay.ts';

export { CREDIT_TYPE_COLOURS };

const AreaMap = lazy(() => import('../../components/map/AreaMap.tsx'));

type Side = 'both' | 'supply' | 'demand';

/** Who reads the map: the operator sees the whole round, a participant or agent only its own records. */
export type RoundMapReader = 'operator' | 'participant';

const unitsText = (record: MapRecord): string => `${formatNumber(record.units)} units`;

const statusText = (record: MapRecord, side: 'supply' | 'demand'): string =>
  side === 'supply' ? projectStatusLabel(record.status) : requirementStatusLabel(record.status);

const toPoint = (record: MapRecord, side: 'supply' | 'demand', type: CreditType): MapPoint | null =>
  record.place
    ? {
        key: `${side}:${record.id}`,
        point: record.place.point,
        label: `${side === 'supply' ? 'Project' : 'Credit requirement'} ${record.name}`,
        detail: `${unitsText(record)}, ${statusText(record, side)}${record.lpa ? `, ${record.lpa.name}` : ''}`,
        size: record.units,
        color: CREDIT_TYPE_COLOURS[type][side],
      }
    : null;

/** The summary sentence read before the map. */
const summaryOf = (
  map: RoundMap,
  shown: { supply: number; demand: number; flows: number },
  reader: RoundMapReader,
): string => {
  const area = map.areas.length > 0 ? ", the round's area shaded" : '';
  if (reader === 'participant') {
    const flows =
      shown.flows > 0
        ? `, with ${shown.flows} of your allocations (another party's site or development only as a point in its local planning authority)`
        : '';
    return `The map shows your ${shown.supply} projects and ${shown.demand} credit requirements in ${map.round.name}${flows}${area}; it shows no other party's records.`;
  }
  const parts = [`${shown.supply} projects and ${shown.demand} credit requirements of ${map.round.name}`];
  if (shown.flows > 0) parts.push(`${shown.flows} accepted flows from sites to developments`);
  return `The map shows ${parts.join(', with ')}, placed by grid reference or inside their local planning authority${area}.`;
};

/**
 * A round on the map: its projects (supply) and credit requirements (demand) the reader may see, coloured by credit
 * type and sized by units, filtered by credit type and side; after the result was accepted, a line from each
 * winning site to each development it serves, labelled with units and multiplier. Choosing a requirement shades its
 * LPA (multiplier 1) and its neighbours (0.75). A participant or agent sees only its own records and allocations
 * (the server answers nothing else); the same data is a table beside the map.
 */
export function RoundMapSection({
  round,
  reader = 'operator',
}: {
  round: Pick<MarketRound, 'id' | 'self' | 'status'>;
  reader?: RoundMapReader;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="round-map-title">
      <Group justify="space-between">
        <Title order={2} id="round-map-title">
          {reader === 'participant' ? 'Your records on the map' : 'Map'}
        </Title>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => setShown((now) => !now)}
          aria-expanded={shown}
        >
          {shown ? 'Hide the map' : 'Show the map'}
        </Button>
      </Group>
      {shown ? <RoundMapView round={round} reader={reader} /> : null}
    </Stack>
  );
}

/** The names of a flow's ends: the reader's own records by name, another party's only as such. */
const flowEnds = (map: RoundMap, flow: RoundMap['flows'][number]): { from: string; to: string } => ({
  from: map.projects.find((record) => record.id === flow.from.id)?.name ?? "Another party's site",
  to: map.requirements.find((record) => record.id === flow.to.id)?.name ?? "Another party's development",
});

/** The table rows of what the map shows: places, and flows named by their ends (another party's only as such). */
function tableRows(map: RoundMap, points: readonly MapPoint[], flows: RoundMap['flows']) {
  const keys = new Set(points.map((point) => point.key));
  const place = (record: MapRecord, side: 'supply' | 'demand'): PlaceRow[] =>
    keys.has(`${side}:${record.id}`)
      ? [
          {
            key: `${side}:${record.id}`,
            kind: side === 'supply' ? 'Project' : 'Credit requirement',
            name: record.name,
            creditTypes: record.creditTypes,
            units: record.units,
            status: statusText(record, side),
            area: record.lpa?.name ?? 'Not set',
          },
        ]
      : [];
  const places = [
    ...map.projects.flatMap((record) => place(record, 'supply')),
    ...map.requirements.flatMap((record) => place(record, 'demand')),
  ];
  const flowRows: FlowRow[] = flows.map((flow, index) => ({
    key: `flow:${index}`,
    ...flowEnds(map, flow),
    creditType: flow.creditType,
    units: flow.units,
    multiplier: flow.multiplier,
  }));
  return { places, flowRows };
}

function RoundMapView({
  round,
  reader,
}: {
  round: Pick<MarketRound, 'id' | 'self' | 'status'>;
  reader: RoundMapReader;
}) {
  const api = useApi();
  const { apiBase } = useActionsConfig();
  const navigate = useNavigate();
  // The map's code and England's areas are fetched while the round's records are on their way.
  useEffect(() => {
    import('../../components/map/AreaMap.tsx').then(
      (module) => module.loadAreas(apiBase).catch(() => undefined),
      () => undefined,
    );
  }, [apiBase]);
  const map = useQuery({
    queryKey: ['round-map', round.id, round.status],
    queryFn: ({ signal }) => api.get<RoundMap>(`${round.self}/map`, { signal }),
  });
  const [type, setType] = useState<CreditType | 'all'>('all');
  const [side, setSide] = useState<Side>('both');
  const [selected, setSelected] = useState<string | null>(null);

  const view = useMemo(() => {
    if (!map.data) return null;
    const types = (record: MapRecord) => record.creditTypes.filter((each) => type === 'all' || each === type);
    const points: MapPoint[] = [];
    const add = (records: MapRecord[], pointSide: 'supply' | 'demand') => {
      for (const record of records) {
        const [first] = types(record);
        const point = first ? toPoint(record, pointSide, first) : null;
        if (point) points.push(point);
      }
    };
    if (side !== 'demand') add(map.data.projects, 'supply');
    if (side !== 'supply') add(map.data.requirements, 'demand');
    const flows = map.data.flows.filter((flow) => type === 'all' || flow.creditType === type);
    const lines: MapLine[] = flows.map((flow, index) => {
      const ends = flowEnds(map.data, flow);
      return {
        key: `flow:${index}`,
        from: flow.from.point,
        to: flow.to.point,
        label: `${ends.from} to ${ends.to}: ${formatNumber(flow.units)} units × ${flow.multiplier}`,
      };
    });
    const chosen = map.data.requirements.find((record) => `demand:${record.id}` === selected);
    // A chosen requirement shades its LPA and neighbours; otherwise the round's own area is shaded.
    const highlight = chosen?.lpa
      ? { strong: [chosen.lpa.code], light: map.data.neighbours[chosen.lpa.code] ?? [] }
      : { strong: [], light: map.data.areas.map((area) => area.code) };
    return {
      points,
      lines,
      highlight,
      chosen,
      ...tableRows(map.data, points, flows),
      supply: points.filter((point) => point.key.startsWith('supply:')).length,
      demand: points.filter((point) => point.key.startsWith('demand:')).length,
    };
  }, [map.data, type, side, selected]);

  return (
    <Stack gap="sm">
      {map.isPending ? (
        <Loader size="sm" aria-label="Loading the map" />
      ) : map.isError || !map.data || !view ? (
        <Alert color="red" title="The map could not be loaded">
          <Button variant="subtle" size="compact-sm" onClick={() => void map.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <Group gap="md" wrap="wrap">
            <SegmentedControl
              aria-label="Credit type"
              value={type}
              onChange={(value) => setType(value as CreditType | 'all')}
              data={[
                { value: 'all', label: 'All credits' },
                ...CREDIT_TYPES.map((each) => ({ value: each, label: CREDIT_TYPE_LABELS[each] })),
              ]}
            />
            <SegmentedControl
              aria-label="Supply or demand"
              value={side}
              onChange={(value) => setSide(value as Side)}
              data={[
                { value: 'both', label: 'Supply and demand' },
                { value: 'supply', label: 'Projects' },
                { value: 'demand', label: 'Credit requirements' },
              ]}
            />
          </Group>
          {view.chosen?.lpa ? (
            <Text size="sm">
              {view.chosen.name}: credits from {view.chosen.lpa.name} count in full (shaded dark), from its
              neighbours at 0.75 (shaded light), from further away at 0.5.
            </Text>
          ) : null}
          {view.points.length === 0 ? (
            <Text size="sm">
              {reader === 'participant'
                ? 'None of your records in this round can be placed on the map yet.'
                : 'Nothing of this round can be placed on the map yet.'}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
              <AreaMap
                summary={summaryOf(map.data, { ...view, flows: view.lines.length }, reader)}
                points={view.points}
                lines={view.lines}
                highlight={view.highlight}
                onSelect={(key) => {
                  if (key.startsWith('demand:')) setSelected(key === selected ? null : key);
                  else {
                    const project = map.data.projects.find((record) => `supply:${record.id}` === key);
                    if (project) navigate(projectPagePath(project.id));
                  }
                }}
              />
            </Suspense>
            <Stack gap="sm">
              <MapPlacesTable
                caption={
                  reader === 'participant'
                    ? 'Your projects and credit requirements on the map'
                    : 'Projects and credit requirements on the map'
                }
                rows={view.places}
              />
              <MapFlowsTable
                caption={reader === 'participant' ? 'Your allocations' : 'Accepted flows'}
                rows={view.flowRows}
              />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
