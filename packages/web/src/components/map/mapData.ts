import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';

/** What a map draws, as MapLibre's GeoJSON sources, and where it opens. */

/** One thing drawn as a circle: a site or a development. */
export interface MapPoint {
  /** A stable key (never shown). */
  key: string;
  /** [longitude, latitude]. */
  point: [number, number];
  /** Its name, shown on hover and focus. */
  label: string;
  /** A line of detail: units, status (and a price where the reader may see one). */
  detail: string;
  /** Circle area grows with this (units). */
  size: number;
  /** The circle's colour (a CSS colour). */
  color: string;
}

/** A line from a site to a development it serves, labelled (units and multiplier). */
export interface MapLine {
  key: string;
  from: [number, number];
  to: [number, number];
  label: string;
}

export interface AreaMapProps {
  /** One sentence saying what the map shows (read by screen readers before the map). */
  summary: string;
  points: readonly MapPoint[];
  lines?: readonly MapLine[];
  /** A value per LPA code for a choropleth (the public registry's units by LPA). */
  areaValues?: Readonly<Record<string, number>>;
  /** LPA codes to highlight strongly (1) and lightly (0.75): a requirement's own LPA and its neighbours. */
  highlight?: { strong: readonly string[]; light: readonly string[] };
  /**
   * A line about an area shown when the pointer is over it (its name and value), or undefined for none; the same
   * figures must be on the page as text for keyboard and screen reader users (a table beside the map).
   */
  describeArea?: (area: { code: string; name: string }) => string | undefined;
  /** Called with a point's key when it is chosen (clicked, or Enter on its button). */
  onSelect?: (key: string) => void;
  height?: number;
}

export type AreaProperties = { code: string; name: string };
export type Areas = FeatureCollection<Polygon | MultiPolygon, AreaProperties>;

export const NO_LINES: readonly MapLine[] = [];

const ENGLAND: [[number, number], [number, number]] = [
  [-6.4, 49.85],
  [1.8, 55.85],
];

export const pointsData = (points: readonly MapPoint[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map(
    (point, index): Feature => ({
      type: 'Feature',
      id: index,
      properties: { key: point.key, size: point.size, color: point.color },
      geometry: { type: 'Point', coordinates: point.point },
    }),
  ),
});

export const linesData = (lines: readonly MapLine[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: lines.map(
    (line): Feature => ({
      type: 'Feature',
      properties: { key: line.key },
      geometry: { type: 'LineString', coordinates: [line.from, line.to] },
    }),
  ),
});

export const areasData = (areas: Areas, props: Pick<AreaMapProps, 'highlight' | 'areaValues'>): Areas => {
  const strong = new Set(props.highlight?.strong ?? []);
  const light = new Set(props.highlight?.light ?? []);
  const values = props.areaValues ?? {};
  const top = Math.max(1, ...Object.values(values));
  return {
    ...areas,
    features: areas.features.map((area) => ({
      ...area,
      properties: {
        ...area.properties,
        value: (values[area.properties.code] ?? 0) / top,
        highlight: strong.has(area.properties.code) ? 2 : light.has(area.properties.code) ? 1 : 0,
      },
    })),
  };
};

/** The bounds of some points with a margin, or England when there are none. */
const boundsOf = (points: readonly MapPoint[]): [[number, number], [number, number]] => {
  if (points.length === 0) return ENGLAND;
  const longitudes = points.map((point) => point.point[0]);
  const latitudes = points.map((point) => point.point[1]);
  const pad = 0.15;
  return [
    [Math.min(...longitudes) - pad, Math.min(...latitudes) - pad],
    [Math.max(...longitudes) + pad, Math.max(...latitudes) + pad],
  ];
};

/** The bounds of the areas given a value above 0 (a choropleth without points), or undefined when none has one. */
const shadedBounds = (
  areas: Areas,
  values: Readonly<Record<string, number>>,
): [[number, number], [number, number]] | undefined => {
  const box = { west: 180, south: 90, east: -180, north: -90 };
  for (const area of areas.features) {
    if (!((values[area.properties.code] ?? 0) > 0)) continue;
    const rings =
      area.geometry.type === 'Polygon' ? area.geometry.coordinates : area.geometry.coordinates.flat();
    for (const [longitude = 0, latitude = 0] of rings.flat()) {
      box.west = Math.min(box.west, longitude);
      box.east = Math.max(box.east, longitude);
      box.south = Math.min(box.south, latitude);
      box.north = Math.max(box.north, latitude);
    }
  }
  if (box.west > box.east) return undefined;
  const pad = 0.15;
  return [
    [box.west - pad, box.south - pad],
    [box.east + pad, box.north + pad],
  ];
};

/** Where the map opens: around its points; with none, around the shaded areas; else all of England. */
export const openingBounds = (areas: Areas, props: AreaMapProps): [[number, number], [number, number]] =>
  props.points.length === 0
    ? (shadedBounds(areas, props.areaValues ?? {}) ?? ENGLAND)
    : boundsOf(props.points);
