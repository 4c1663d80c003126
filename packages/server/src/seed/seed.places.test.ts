import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import { describe, expect, it } from 'vitest';
import { planningAreas } from '../modules/map/map.areas.ts';
import { gridToLonLat } from '../modules/map/map.points.ts';
import { DEMO_PROJECTS } from './seed.projects.data.ts';
import { DEMO_REQUIREMENTS } from './seed.requirements.data.ts';

/** Even-odd ray casting over every ring of a polygon or multipolygon. */
const contains = (geometry: Polygon | MultiPolygon, [x, y]: [number, number]): boolean => {
  const polygons: Position[][][] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const ring of polygons.flat()) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
};

describe('demo places', () => {
  const { topology } = planningAreas();
  const areas = feature(topology, topology.objects.areas).features;
  const areaAt = (point: [number, number]) =>
    areas.find((area) => contains(area.geometry as Polygon | MultiPolygon, point))?.properties.name;

  const places = [
    ...DEMO_PROJECTS.map((project) => ({
      name: project.name,
      lpa: project.lpa,
      grid: project.gridReference,
    })),
    ...DEMO_REQUIREMENTS.flatMap((requirement) =>
      requirement.development
        ? [
            {
              name: requirement.name,
              lpa: requirement.development.lpa,
              grid: requirement.development.gridReference,
            },
          ]
        : [],
    ),
  ];

  it('gives sites and developments in the Solent and Cornwall real grid references', () => {
    const placed = places.filter((place) => place.grid);
    expect(placed.length).toBeGreaterThanOrEqual(20);
    expect(placed.filter((place) => place.lpa === 'Cornwall LPA').length).toBeGreaterThanOrEqual(3);
  });

  it("puts each grid reference inside its own planning authority's area", () => {
    const found = places
      .filter((place) => place.grid)
      .map((place) => {
        const point = gridToLonLat(place.grid ?? '');
        return `${place.name}: ${point ? areaAt(point) : 'no point'}`;
      });
    expect(found).toEqual(places.filter((place) => place.grid).map((place) => `${place.name}: ${place.lpa}`));
  });
});
