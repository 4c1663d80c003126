import { describe, expect, it } from 'vitest';
import { gridToLonLat, gridToMetres, placeOf } from './map.points.ts';

describe('OS grid references', () => {
  it('reads the 100 km square and the digits as the centre of the square named', () => {
    // Ordnance Survey's own example: TG 51409 13177 is 651409 E, 313177 N (plus half a metre for the square).
    expect(gridToMetres('TG 51409 13177')).toEqual({ easting: 651409.5, northing: 313177.5 });
    expect(gridToMetres('su1267')).toEqual({ easting: 412500, northing: 167500 });
    expect(gridToMetres('SV 00 00')).toEqual({ easting: 500, northing: 500 });
  });

  it('refuses what is not a grid reference', () => {
    expect(gridToMetres('banana')).toBeUndefined();
    expect(gridToMetres('SU 123 45')).toBeUndefined();
    expect(gridToMetres('IU 12 34')).toBeUndefined();
    // AA lies west of the grid.
    expect(gridToMetres('AA 12 34')).toBeUndefined();
  });

  it('converts to WGS84 within a few metres of known places', () => {
    // Greenwich Observatory's meridian line: TQ 38865 77366 is about 0.0015 W, 51.4778 N.
    const [longitude, latitude] = gridToLonLat('TQ 38865 77366') ?? [];
    expect(longitude).toBeCloseTo(-0.0015, 3);
    expect(latitude).toBeCloseTo(51.4779, 3);
    // Land's End, SW 342 253: about 5.71 W, 50.07 N.
    const [westLongitude, westLatitude] = gridToLonLat('SW 342 253') ?? [];
    expect(westLongitude).toBeCloseTo(-5.71, 1);
    expect(westLatitude).toBeCloseTo(50.07, 1);
  });
});

describe('placing a record without a grid reference', () => {
  const areas = {
    inside: new Map([['E60000001', { point: [-1.5, 54.7] as [number, number], radius: 0.1 }]]),
  };

  it('puts it inside its LPA, the same place each time, and apart from the others', () => {
    const first = placeOf(areas, { key: 'project-1', lpaCode: 'E60000001' });
    const again = placeOf(areas, { key: 'project-1', lpaCode: 'E60000001' });
    const second = placeOf(areas, { key: 'project-2', lpaCode: 'E60000001' });
    expect(first).toEqual(again);
    expect(first?.exact).toBe(false);
    expect(first?.point).not.toEqual(second?.point);
    for (const place of [first, second]) {
      const [longitude = 0, latitude = 0] = place?.point ?? [];
      expect(Math.hypot(longitude + 1.5, latitude - 54.7)).toBeLessThan(0.1);
    }
  });

  it('uses the grid reference when there is a valid one, and nothing when there is no place at all', () => {
    expect(placeOf(areas, { key: 'x', gridReference: 'SU 12 67', lpaCode: 'E60000001' })?.exact).toBe(true);
    expect(placeOf(areas, { key: 'x', gridReference: 'banana', lpaCode: 'E60000001' })?.exact).toBe(false);
    expect(placeOf(areas, { key: 'x', lpaCode: 'E69999999' })).toBeUndefined();
  });
});
