import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import polylabel from 'polylabel';
import { feature, mergeArcs } from 'topojson-client';
import type {
  GeometryCollection,
  Topology,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
} from 'topojson-specification';
import { readCsvRecords } from '../../platform/csv.ts';
import { RUNNING_FROM_SOURCES, SERVER_ROOT } from '../../platform/paths.ts';

/**
 * England's planning areas as one TopoJSON topology: the 2013 districts (martinjc/UK-GeoJSON, CC BY 4.0, with OS
 * OpenData) dissolved into today's local planning authorities. A district maps to its 2019 successor
 * (`lad-2013-successors.csv`), then through the LPA list's district code to an LPA, then through that LPA's
 * `successor_code` to the authority that replaced it (the 2020-2023 unitaries). The arcs are shared with the
 * source, so the dissolved file is no larger than the districts'.
 */

/** The reference data folder: beside the refdata module in the sources, `dist/data` in the build. */
const DATA_FOLDER = RUNNING_FROM_SOURCES
  ? path.join(SERVER_ROOT, 'src', 'modules', 'refdata', 'data')
  : path.join(SERVER_ROOT, 'dist', 'data');

const dataFile = (name: string): string => readFileSync(path.join(DATA_FOLDER, name), 'utf8');

/** One planning area: the LPA's E60 code and its name. */
export interface AreaProperties {
  code: string;
  name: string;
}

/** What the areas asset answers: the topology, its ETag, and a point inside each area. */
export interface PlanningAreas {
  topology: Topology<{ areas: GeometryCollection<AreaProperties> }>;
  /** The topology as JSON, computed once. */
  json: string;
  etag: string;
  /** A point well inside each area ([longitude, latitude]) and its distance to the edge in degrees. */
  inside: ReadonlyMap<string, { point: [number, number]; radius: number }>;
  /** The LPA codes that have no polygon (national parks, development corporations, the City's neighbours). */
  codes: readonly string[];
}

interface LpaRow {
  code: string;
  ladCode: string;
  lpaCode: string;
  lpaName: string;
  current: boolean;
  successorCode: string;
}

const lpaRows = (): LpaRow[] =>
  readCsvRecords(dataFile('local-planning-authorities.csv')).records.map(({ values }) => ({
    code: values.lpa_code ?? '',
    ladCode: values.code ?? '',
    lpaCode: values.lpa_code ?? '',
    lpaName: values.lpa_name ?? '',
    current: values.current === 'TRUE',
    successorCode: values.successor_code ?? '',
  }));

/**
 * Which current LPA each 2013 district now belongs to: the 2019 successor first, then the LPA behind that
 * district, then (for a district abolished since) the LPA of its successor. Districts with no current LPA are left out.
 */
export function districtToArea(): Map<string, { code: string; name: string }> {
  const rows = lpaRows();
  const byLad = new Map(rows.filter((row) => row.ladCode !== '').map((row) => [row.ladCode, row]));
  const successors2019 = new Map(
    readCsvRecords(dataFile('boundaries/lad-2013-successors.csv')).records.map(({ values }) => [
      values.lad13_code ?? '',
      values.successor_code ?? '',
    ]),
  );
  const areaOf = (ladCode: string): LpaRow | undefined => {
    let row = byLad.get(successors2019.get(ladCode) ?? ladCode);
    for (let hops = 0; row && !row.current && row.successorCode !== '' && hops < 3; hops += 1) {
      row = byLad.get(row.successorCode);
    }
    return row?.current ? row : undefined;
  };
  const topology = sourceTopology();
  const map = new Map<string, { code: string; name: string }>();
  for (const geometry of topology.objects.lad.geometries) {
    const code = districtCode(geometry);
    const row = areaOf(code);
    if (row) map.set(code, { code: row.lpaCode, name: row.lpaName });
  }
  return map;
}

type SourceTopology = Topology<{ lad: GeometryCollection<{ LAD13CD: string; LAD13NM: string }> }>;

/** A 2013 district's code (its id, or LAD13CD). */
const districtCode = (geometry: { id?: string | number; properties?: object }): string =>
  String((geometry.properties as { LAD13CD?: string } | undefined)?.LAD13CD ?? geometry.id);

const sourceTopology = (): SourceTopology => JSON.parse(dataFile('boundaries/england-lad-2013.topo.json'));

/** Dissolves the districts into today's planning areas (a few hundred milliseconds; done once per process). */
export function buildPlanningAreas(): PlanningAreas {
  const source = sourceTopology();
  const areas = districtToArea();
  const members = new Map<string, { name: string; parts: (TopoPolygon | TopoMultiPolygon)[] }>();
  for (const geometry of source.objects.lad.geometries) {
    const area = areas.get(districtCode(geometry));
    if (!area || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    const entry = members.get(area.code) ?? { name: area.name, parts: [] };
    entry.parts.push(geometry);
    members.set(area.code, entry);
  }
  const geometries = [...members.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, { name, parts }]) => ({
      ...mergeArcs(source, parts),
      id: code,
      properties: { code, name },
    }));
  const topology = {
    type: 'Topology',
    transform: source.transform,
    arcs: source.arcs,
    objects: { areas: { type: 'GeometryCollection', geometries } },
  } as unknown as PlanningAreas['topology'];
  const json = JSON.stringify(topology);
  return {
    topology,
    json,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    inside: insidePoints(topology),
    codes: geometries.map((geometry) => geometry.id),
  };
}

/** A point well inside each area: the pole of inaccessibility of its largest polygon. */
function insidePoints(
  topology: PlanningAreas['topology'],
): Map<string, { point: [number, number]; radius: number }> {
  const collection = feature(topology, topology.objects.areas);
  const inside = new Map<string, { point: [number, number]; radius: number }>();
  for (const area of collection.features) {
    const geometry = area.geometry;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    let best: { point: [number, number]; radius: number } | undefined;
    for (const polygon of polygons) {
      const found = polylabel(polygon as [number, number][][], 0.0005);
      const candidate = { point: [found[0], found[1]] as [number, number], radius: found.distance };
      if (!best || candidate.radius > best.radius) best = candidate;
    }
    if (best) inside.set(area.properties.code, best);
  }
  return inside;
}

let cached: PlanningAreas | undefined;

/** The planning areas, built on first use and kept for the life of the process. */
export const planningAreas = (): PlanningAreas => {
  cached ??= buildPlanningAreas();
  return cached;
};
