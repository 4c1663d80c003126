import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import classes from './AreaMap.module.css';
import { AREA_VALUE_COLOURS } from './colours.ts';
import {
  type AreaMapProps,
  type AreaProperties,
  type Areas,
  areasData,
  linesData,
  type MapPoint,
  NO_LINES,
  openingBounds,
  pointsData,
} from './mapData.ts';
import { usePagedRows } from './pagedRows.tsx';

export type { AreaMapProps, MapLine, MapPoint } from './mapData.ts';

/** Both licences of the boundaries, shown on every map. */
export const MAP_ATTRIBUTION =
  'Boundaries: Martin Chorley, CC BY 4.0 · Contains OS data © Crown copyright and database right 2014';

// MapLibre's worker is served as a file of the app (script-src 'self'), not made from a blob.
maplibregl.setWorkerUrl(workerUrl);

/** The areas asked of each API address (one in the app: its own origin). */
const areasByApi = new Map<string, Promise<Areas>>();

/**
 * England's planning areas, fetched once per page load (the browser revalidates them with their ETag); a page may
 * call it before it shows the map, so the areas arrive while its own data does.
 */
export const loadAreas = (apiBase: string): Promise<Areas> => {
  const asked = areasByApi.get(apiBase);
  if (asked !== undefined) return asked;
  const areas = fetch(`${apiBase}/api/map/areas`)
    .then((response) => {
      if (!response.ok) throw new Error('The map could not be loaded');
      return response.json() as Promise<Topology<{ areas: GeometryCollection<AreaProperties> }>>;
    })
    .then((topology) => feature(topology, topology.objects.areas) as Areas)
    .catch((error: unknown) => {
      // A failure is not kept: the next map asks again.
      areasByApi.delete(apiBase);
      throw error;
    });
  areasByApi.set(apiBase, areas);
  return areas;
};

/** A MapLibre map with no outside style: a plain sea, the areas added once it loads. Throws without WebGL. */
const createMap = (container: HTMLElement, bounds: [[number, number], [number, number]]): maplibregl.Map =>
  new maplibregl.Map({
    container,
    style: {
      version: 8,
      sources: {},
      layers: [{ id: 'sea', type: 'background', paint: { 'background-color': '#e6eef2' } }],
    },
    bounds,
    attributionControl: { compact: false, customAttribution: MAP_ATTRIBUTION },
    dragRotate: false,
    pitchWithRotate: false,
    // The canvas is a region of its own: named apart from the page's "Map" section.
    locale: { 'Map.Title': 'Map of planning areas' },
  });

/**
 * A map of England's planning areas drawn by MapLibre from Curlew's own data (no tiles, fonts or sprites from
 * anywhere else), with sites and developments as circles and, after a result, lines between them. Every point is
 * also a button in the list below the map, so a keyboard reaches each one; focusing or hovering shows its label.
 */
export default function AreaMap(props: AreaMapProps) {
  const { apiBase } = useActionsConfig();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const popup = useRef<maplibregl.Popup | null>(null);
  const [areas, setAreas] = useState<Areas | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  /** What the map's sources were last given. */
  const sent = useRef<Pick<AreaMapProps, 'points' | 'lines' | 'highlight' | 'areaValues'>>({ points: [] });
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let live = true;
    loadAreas(apiBase).then(
      (loaded) => live && setAreas(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [apiBase]);

  useEffect(() => {
    if (!areas || !container.current) return;
    let created: maplibregl.Map;
    try {
      created = createMap(container.current, openingBounds(areas, latest.current));
    } catch {
      // No WebGL in this browser: the list below still gives every place.
      setFailed(true);
      return;
    }
    created.touchZoomRotate.disableRotation();
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    created.on('load', () => {
      const first = latest.current;
      created.addSource('areas', { type: 'geojson', data: areasData(areas, first) });
      created.addSource('lines', { type: 'geojson', data: linesData(first.lines ?? NO_LINES) });
      created.addSource('points', { type: 'geojson', data: pointsData(first.points) });
      sent.current = {
        points: first.points,
        lines: first.lines ?? NO_LINES,
        highlight: first.highlight,
        areaValues: first.areaValues,
      };
      created.addLayer({
        id: 'areas-fill',
        type: 'fill',
        source: 'areas',
        paint: {
          'fill-color': [
            'case',
            ['==', ['get', 'highlight'], 2],
            '#f2c94c',
            ['==', ['get', 'highlight'], 1],
            '#fbe9b4',
            [
              'interpolate',
              ['linear'],
              ['get', 'value'],
              0,
              AREA_VALUE_COLOURS.none,
              1,
              AREA_VALUE_COLOURS.most,
            ],
          ],
        },
      });
      created.addLayer({
        id: 'areas-line',
        type: 'line',
        source: 'areas',
        paint: { 'line-color': '#9aa7ad', 'line-width': 0.6 },
      });
      created.addLayer({
        id: 'lines',
        type: 'line',
        source: 'lines',
        paint: { 'line-color': '#1c4e80', 'line-width': 2, 'line-opacity': 0.75 },
      });
      created.addLayer({
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: {
          'circle-color': ['get', 'color'],
          'circle-opacity': 0.8,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
          'circle-radius': ['interpolate', ['linear'], ['sqrt', ['get', 'size']], 0, 4, 10, 10, 40, 22],
        },
      });
      const hover = new maplibregl.Popup({ closeButton: false, closeOnClick: false });
      created.on('mousemove', 'points', (event: maplibregl.MapLayerMouseEvent) => {
        const key = event.features?.[0]?.properties?.key;
        const point = latest.current.points.find((candidate) => candidate.key === key);
        created.getCanvas().style.cursor = point ? 'pointer' : '';
        if (point) hover.setLngLat(point.point).setHTML(popupHtml(point)).addTo(created);
      });
      created.on('mousemove', 'areas-fill', (event: maplibregl.MapLayerMouseEvent) => {
        const describe = latest.current.describeArea;
        const properties = event.features?.[0]?.properties;
        if (!describe || created.getCanvas().style.cursor === 'pointer') return;
        const text =
          typeof properties?.code === 'string' && typeof properties.name === 'string'
            ? describe({ code: properties.code, name: properties.name })
            : undefined;
        if (text)
          hover
            .setLngLat(event.lngLat)
            .setHTML(`<strong>${escapeHtml(text)}</strong>`)
            .addTo(created);
        else hover.remove();
      });
      created.on('mouseleave', 'areas-fill', () => {
        if (latest.current.describeArea) hover.remove();
      });
      created.on('mouseleave', 'points', () => {
        created.getCanvas().style.cursor = '';
        hover.remove();
      });
      created.on('click', 'points', (event: maplibregl.MapLayerMouseEvent) => {
        const key = event.features?.[0]?.properties?.key;
        if (typeof key === 'string') latest.current.onSelect?.(key);
      });
      popup.current = hover;
      // Ready once the areas and points are drawn, not merely when the empty style has loaded; the page's
      // performance timeline gets the mark `curlew:map-drawn` then (the round map benchmark reads it).
      created.once('idle', () => {
        performance.mark('curlew:map-drawn');
        setReady(true);
      });
    });
    map.current = created;
    // The box can change width after the map is made (a grid settling, a table beside it loading): the canvas
    // follows it, never leaving an empty strip.
    const resized =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => created.resize());
    resized?.observe(container.current);
    return () => {
      resized?.disconnect();
      created.remove();
      map.current = null;
      setReady(false);
    };
  }, [areas]);

  // Redrawn only when what a source is made of changes (the sources got their first data when the map loaded).
  const { points, lines = NO_LINES, highlight, areaValues } = props;
  useEffect(() => {
    const current = map.current;
    if (!ready || !current || !areas) return;
    const drawn = sent.current;
    const source = (id: string) => current.getSource(id) as maplibregl.GeoJSONSource | undefined;
    if (drawn.highlight !== highlight || drawn.areaValues !== areaValues)
      source('areas')?.setData(areasData(areas, { highlight, areaValues }));
    if (drawn.lines !== lines) source('lines')?.setData(linesData(lines));
    if (drawn.points !== points) source('points')?.setData(pointsData(points));
    sent.current = { points, lines, highlight, areaValues };
  }, [ready, areas, points, lines, highlight, areaValues]);

  // The lists below the map, a page at a time (a round has thousands of places).
  const places = usePagedRows(props.points, 'Places');
  const flows = usePagedRows(props.lines ?? NO_LINES, 'Flows');

  const show = (point: MapPoint) => {
    const current = map.current;
    if (!current || !popup.current) return;
    popup.current.setLngLat(point.point).setHTML(popupHtml(point)).addTo(current);
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{props.summary}</Text>
      {failed ? (
        <Text c="red.8" size="sm" role="status">
          The map cannot be shown in this browser. Every place is listed below.
        </Text>
      ) : null}
      <Box
        hidden={failed}
        ref={container}
        className={classes.map}
        style={{ height: props.height ?? 420 }}
        data-map-ready={ready ? 'true' : 'false'}
      />
      {props.points.length > 0 ? (
        <ul className={classes.keys} aria-label="Places on the map">
          {places.shown.map((point) => (
            <li key={point.key}>
              <UnstyledButton
                className={classes.key}
                onFocus={() => show(point)}
                onMouseEnter={() => show(point)}
                onBlur={() => popup.current?.remove()}
                onClick={() => props.onSelect?.(point.key)}
              >
                <span className={classes.dot} style={{ background: point.color }} aria-hidden="true" />
                {point.label}: {point.detail}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
      {places.pager}
      {flows.shown.length > 0 ? (
        <ul className={classes.keys} aria-label="Flows from sites to developments">
          {flows.shown.map((line) => (
            <li key={line.key}>{line.label}</li>
          ))}
        </ul>
      ) : null}
      {flows.pager}
    </Stack>
  );
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const popupHtml = (point: MapPoint): string =>
  `<strong>${escapeHtml(point.label)}</strong><br>${escapeHtml(point.detail)}`;
