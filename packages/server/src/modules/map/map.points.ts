import proj4 from 'proj4';
import type { PlanningAreas } from './map.areas.ts';

/**
 * Places on the map. A site's OS grid reference is turned into metres on the British National Grid, then into
 * WGS84 longitude and latitude with proj4 (EPSG:27700 with the OSGB36 to WGS84 Helmert shift, good to a few
 * metres). A record with no grid reference is placed inside its LPA at a stable point of its own.
 */

const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const toWgs84 = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** Eastings and northings in metres of the centre of the square an OS grid reference names, or undefined. */
export function gridToMetres(reference: string): { easting: number; northing: number } | undefined {
  const text = reference.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-HJ-Z])([A-HJ-Z])((?:\d{2}){1,5})$/.exec(text);
  if (!match) return undefined;
  const [, first = 'A', second = 'A', digits = ''] = match;
  // Letters skip I: A-H are 0-7, J-Z are 8-24.
  const index = (letter: string): number => {
    const code = letter.charCodeAt(0) - 65;
    return code > 7 ? code - 1 : code;
  };
  const l1 = index(first);
  const l2 = index(second);
  const square500 = { east: ((l1 - 2) % 5) * 5, north: 19 - Math.floor(l1 / 5) * 5 };
  const east100 = square500.east + (l2 % 5);
  const north100 = square500.north - Math.floor(l2 / 5);
  // The National Grid's squares: 0-6 (7 with a sliver) east, 0-12 north.
  if (east100 < 0 || east100 > 7 || north100 < 0 || north100 > 12) return undefined;
  const half = digits.length / 2;
  const size = 10 ** (5 - half);
  const easting = east100 * 100_000 + Number(digits.slice(0, half)) * size + size / 2;
  const northing = north100 * 100_000 + Number(digits.slice(half)) * size + size / 2;
  return { easting, northing };
}

/** A grid reference as [longitude, latitude] in WGS84, rounded to about a metre, or undefined when it is not one. */
export function gridToLonLat(reference: string): [number, number] | undefined {
  const metres = gridToMetres(reference);
  if (!metres) return undefined;
  const [longitude = 0, latitude = 0] = toWgs84.forward([metres.easting, metres.northing]);
  return [round(longitude, 5), round(latitude, 5)];
}

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/** A number in [0, 1) from a text, the same every time (FNV-1a). */
const unit = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
};

/**
 * Where a record is drawn: its grid reference when it has a valid one (`exact`), otherwise a point inside its LPA
 * that depends only on the record's key, so records of one LPA are spread out and never move between loads.
 */
export function placeOf(
  areas: Pick<PlanningAreas, 'inside'>,
  record: { key: string; gridReference?: string | null; lpaCode?: string | null },
): { point: [number, number]; exact: boolean } | undefined {
  const exact = record.gridReference ? gridToLonLat(record.gridReference) : undefined;
  if (exact) return { point: exact, exact: true };
  const inside = record.lpaCode ? areas.inside.get(record.lpaCode) : undefined;
  if (!inside) return undefined;
  const angle = unit(`${record.key}:angle`) * 2 * Math.PI;
  const distance = Math.sqrt(unit(`${record.key}:distance`)) * inside.radius * 0.7;
  const [longitude, latitude] = inside.point;
  // A degree of longitude is shorter than one of latitude in England; the pole's radius is in degrees of both.
  return {
    point: [
      round(longitude + Math.cos(angle) * distance, 5),
      round(latitude + Math.sin(angle) * distance * 0.62, 5),
    ],
    exact: false,
  };
}
