import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { feature } from 'topojson-client';
import { describe, expect, it } from 'vitest';
import { readCsvRecords } from '../../platform/csv.ts';
import { districtToArea, planningAreas } from './map.areas.ts';

const lpaFile = readCsvRecords(
  readFileSync(new URL('../refdata/data/local-planning-authorities.csv', import.meta.url), 'utf8'),
).records.map((record) => record.values);

describe("England's planning areas", () => {
  it('dissolves the districts merged since 2013 into their successors', () => {
    const areas = districtToArea();
    // Aylesbury Vale, Chiltern, South Bucks and Wycombe became Buckinghamshire (2020).
    const buckinghamshire = ['E07000004', 'E07000005', 'E07000006', 'E07000007'].map(
      (code) => areas.get(code)?.name,
    );
    expect(new Set(buckinghamshire)).toEqual(new Set(['Buckinghamshire LPA']));
    // Taunton Deane and West Somerset became Somerset West and Taunton (2019), now Somerset (2023).
    expect(areas.get('E07000190')?.name).toBe(areas.get('E07000191')?.name);
    expect(areas.get('E07000190')?.name).toMatch(/Somerset/);
    // A district unchanged since 2013 keeps its own area.
    expect(areas.get('E06000001')).toEqual({ code: 'E60000003', name: 'Hartlepool LPA' });
  });

  it('has one polygon for every current district or unitary LPA and none for parks or corporations', () => {
    const { topology, codes } = planningAreas();
    const current = lpaFile.filter(
      (row) =>
        row.current === 'TRUE' &&
        !/National park|Development corporation/i.test(row.authority_type ?? '') &&
        (row.code ?? '').startsWith('E0'),
    );
    expect(new Set(codes)).toEqual(new Set(current.map((row) => row.lpa_code)));
    const collection = feature(topology, topology.objects.areas);
    expect(collection.features).toHaveLength(codes.length);
    for (const area of collection.features) expect(['Polygon', 'MultiPolygon']).toContain(area.geometry.type);
  });

  it('is small enough to load on a map page and has a point inside every area', () => {
    const { json, etag, inside, codes } = planningAreas();
    const gzipped = gzipSync(json).length;
    expect(gzipped).toBeLessThan(500 * 1024);
    expect(gunzipSync(gzipSync(json)).toString()).toBe(json);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect([...inside.keys()].sort()).toEqual([...codes].sort());
    for (const { radius } of inside.values()) expect(radius).toBeGreaterThan(0);
  });
});
