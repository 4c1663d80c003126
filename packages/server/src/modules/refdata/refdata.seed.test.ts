import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { parseCsv } from '../../platform/csv.ts';
import { CERTAIN_NCAS, readLpaNeighbours, readLpas, seedReferenceData } from './refdata.seed.ts';
import { habitats, lpas, ncas, referenceDataSeeds, subcatchments } from './refdata.tables.ts';

describe('reference data files', () => {
  it('pairs LPA neighbours symmetrically and only between LPAs of the file', () => {
    const codes = new Set(readLpas().map((lpa) => lpa.code));
    const pairs = readLpaNeighbours();
    const keys = new Set(pairs.map((pair) => `${pair.lpaCode}>${pair.neighbourLpaCode}`));
    expect(pairs.length).toBeGreaterThan(1600);
    for (const pair of pairs) {
      expect(codes.has(pair.lpaCode) && codes.has(pair.neighbourLpaCode)).toBe(true);
      expect(keys.has(`${pair.neighbourLpaCode}>${pair.lpaCode}`)).toBe(true);
    }
  });

  it('reads quoted fields, doubled quotes, CRLF line ends and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
    expect(() => parseCsv('a\n"open')).toThrow('A quoted field is not closed');
  });
});

describeWithApp('reference data seed', (t) => {
  beforeAll(async () => {
    await seedReferenceData(t.db);
  });

  const countOf = async (table: typeof lpas | typeof habitats | typeof subcatchments | typeof ncas) => {
    const [row] = await t.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(table);
    return row?.count;
  };

  it('loads the 337 LPAs, 150 habitats, 21 catchments and only the certain NCAs', async () => {
    expect(await countOf(lpas)).toBe(337);
    expect(await countOf(habitats)).toBe(150);
    expect(await countOf(subcatchments)).toBe(21);
    expect(await countOf(ncas)).toBe(CERTAIN_NCAS.length);
    const modules = await t.db
      .select({ module: habitats.module, count: sql<number>`count(*)`.mapWith(Number) })
      .from(habitats)
      .groupBy(habitats.module)
      .orderBy(habitats.module);
    expect(modules).toEqual([
      { module: 'Area', count: 132 },
      { module: 'Linear', count: 13 },
      { module: 'River', count: 5 },
    ]);
  });

  it('stores neighbours symmetrically; national parks, corporations and islands have none', async () => {
    const rows = await t.db
      .select({ code: lpas.code, type: lpas.authorityType, neighbours: lpas.neighbourCodes })
      .from(lpas);
    const byCode = new Map(rows.map((row) => [row.code, row]));
    let pairs = 0;
    for (const row of rows) {
      for (const neighbour of row.neighbours) {
        pairs += 1;
        expect(byCode.get(neighbour)?.neighbours).toContain(row.code);
      }
    }
    expect(pairs).toBe(1646);
    for (const row of rows) {
      if (row.type === 'National park authority' || row.type === 'Development corporation') {
        expect(row.neighbours).toEqual([]);
      }
    }
    const isleOfWight = rows.find((row) => row.code === 'E60000223');
    expect(isleOfWight?.neighbours).toEqual([]);
  });

  it('joins re-coded districts by name: Sheffield and Barnsley border each other', async () => {
    const [sheffield] = await t.db.select().from(lpas).where(eq(lpas.name, 'Sheffield LPA'));
    const [barnsley] = await t.db.select().from(lpas).where(eq(lpas.name, 'Barnsley LPA'));
    expect(sheffield?.neighbourCodes).toContain(barnsley?.code);
    expect(barnsley?.neighbourCodes).toContain(sheffield?.code);
  });

  it('maps the metric bands and keeps hedgerows without a broad habitat', async () => {
    const hedgerows = await t.db.select().from(habitats).where(eq(habitats.module, 'Linear'));
    expect(hedgerows.every((row) => row.broadHabitat === null)).toBe(true);
    const bands = await t.db.selectDistinct({ band: habitats.distinctiveness }).from(habitats);
    expect(bands.map((row) => row.band).sort()).toEqual(['High', 'Low', 'Medium', 'VeryHigh', 'VeryLow']);
    const [solent] = await t.db.select().from(subcatchments).where(eq(subcatchments.name, 'Solent'));
    expect(solent).toMatchObject({ nutrient: 'N' });
    expect(solent?.lpaCodes).toContain('E60000246');
    const [hornsea] = await t.db.select().from(subcatchments).where(eq(subcatchments.name, 'Hornsea Mere'));
    expect(hornsea).toMatchObject({ nutrient: 'unknown', lpaCodes: [] });
  });

  it('loads each data set once, keeping the operator’s later edits and removals', async () => {
    await t.db.update(lpas).set({ name: 'Renamed LPA' }).where(eq(lpas.code, 'E60000001'));
    await t.db.delete(ncas).where(eq(ncas.number, 4));
    await seedReferenceData(t.db);
    const [renamed] = await t.db.select().from(lpas).where(eq(lpas.code, 'E60000001'));
    expect(renamed?.name).toBe('Renamed LPA');
    expect(await t.db.select().from(ncas).where(eq(ncas.number, 4))).toEqual([]);
    expect(await countOf(lpas)).toBe(337);
    const seeds = await t.db.select().from(referenceDataSeeds);
    expect(seeds.find((seed) => seed.name.startsWith('lpas'))?.rowCount).toBe(337);
  });
});
