import { readFileSync } from 'node:fs';
import {
  type HabitatDistinctivenessBand,
  type HabitatValues,
  habitatSchema,
  type LpaNeighbourValues,
  type LpaValues,
  lpaInputSchema,
  lpaNeighbourSchema,
  type Module,
  type NcaValues,
  type SubcatchmentValues,
  subcatchmentInputSchema,
} from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { readCsvRecords } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { referenceDataSeeds } from './refdata.tables.ts';

const dataFile = (name: string): string => readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');

const METRIC_MODULES = { area: 'Area', hedgerow: 'Linear', watercourse: 'River' } as const satisfies Record<
  string,
  Module
>;
const METRIC_BANDS = {
  'V.Low': 'VeryLow',
  Low: 'Low',
  Medium: 'Medium',
  High: 'High',
  'V.High': 'VeryHigh',
} as const satisfies Record<string, HabitatDistinctivenessBand>;

const lookup = <T extends Record<string, string>>(
  map: T,
  key: string | undefined,
  what: string,
): T[keyof T] => {
  if (key !== undefined && Object.hasOwn(map, key)) return map[key as keyof T];
  throw new Error(`Unknown ${what} in the reference data: ${key}`);
};

/**
 * National Character Areas whose Natural England number and name are certain (see data/SOURCES.md);
 * the operator imports the others as a CSV.
 */
export const CERTAIN_NCAS: readonly NcaValues[] = [
  { number: 1, name: 'North Northumberland Coastal Plain', active: true },
  { number: 2, name: 'Northumberland Sandstone Hills', active: true },
  { number: 3, name: 'Cheviot Fringe', active: true },
  { number: 4, name: 'Cheviots', active: true },
  { number: 5, name: 'Border Moors and Forests', active: true },
  { number: 7, name: 'West Cumbria Coastal Plain', active: true },
  { number: 12, name: 'Mid Northumberland', active: true },
];

/** The 150 statutory-metric habitat types of data/habitats.csv. */
function readHabitats(): HabitatValues[] {
  return readCsvRecords(dataFile('habitats.csv')).records.map(({ values }) =>
    habitatSchema.parse({
      module: lookup(METRIC_MODULES, values.module, 'habitat module'),
      broadHabitat: values.broad_habitat?.trim() || null,
      habitatType: values.habitat_type,
      distinctiveness: lookup(METRIC_BANDS, values.distinctiveness, 'distinctiveness band'),
      distinctivenessScore: Number(values.distinctiveness_score),
      tradingRule: values.trading_rule,
    }),
  );
}

/** One LPA of data/local-planning-authorities.csv with the LAD name it was joined on. */
interface LpaSeed {
  values: LpaValues;
  ladName: string;
}

const readLpaSeeds = (): LpaSeed[] =>
  readCsvRecords(dataFile('local-planning-authorities.csv')).records.map(({ values }) => ({
    values: lpaInputSchema.parse({
      code: values.lpa_code,
      name: values.lpa_name,
      authorityType: values.authority_type,
      ladCode: values.code,
      current: values.current === 'TRUE',
      active: true,
    }),
    ladName: values.name ?? '',
  }));

/** The 337 local planning authorities of data/local-planning-authorities.csv. */
export const readLpas = (): LpaValues[] => readLpaSeeds().map((seed) => seed.values);

/**
 * LPA neighbour pairs from LAD adjacency joined through the LAD codes of the LPA file; a LAD code the LPA
 * file lacks (re-coded districts) is matched by exact name against current LPAs. National parks and
 * development corporations get none: the source is district adjacency.
 */
export function readLpaNeighbours(): LpaNeighbourValues[] {
  const seeds = readLpaSeeds();
  const byLadCode = new Map(
    seeds.flatMap((seed) => (seed.values.ladCode ? [[seed.values.ladCode, seed.values.code]] : [])),
  );
  const currentByName = new Map(
    seeds.filter((seed) => seed.values.current).map((seed) => [seed.ladName, seed.values.code]),
  );
  const lpaOf = (ladCode: string | undefined, ladName: string | undefined): string | undefined =>
    (ladCode ? byLadCode.get(ladCode) : undefined) ?? (ladName ? currentByName.get(ladName) : undefined);
  const pairs = new Map<string, LpaNeighbourValues>();
  for (const { values } of readCsvRecords(dataFile('lad-adjacency.csv')).records) {
    if (values.neighbour_country !== 'England') continue;
    const lpaCode = lpaOf(values.lad_code, values.lad_name);
    const neighbourLpaCode = lpaOf(values.neighbour_code, values.neighbour_name);
    if (!lpaCode || !neighbourLpaCode || lpaCode === neighbourLpaCode) continue;
    const pair = lpaNeighbourSchema.parse({
      lpaCode,
      neighbourLpaCode,
      rank: Number(values.shared_boundary_rank),
    });
    const key = `${lpaCode} ${neighbourLpaCode}`;
    const known = pairs.get(key);
    if (!known || pair.rank < known.rank) pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** The nutrient-neutrality catchments of data/nutrient-neutrality-catchments.csv, as subcatchments. */
function readSubcatchments(): SubcatchmentValues[] {
  return readCsvRecords(dataFile('nutrient-neutrality-catchments.csv')).records.map(({ values }) =>
    subcatchmentInputSchema.parse({
      name: values.catchment,
      nutrient: values.nutrient?.trim() || 'unknown',
      designatedSites: values.designated_sites,
      lpaCodes: (values.affected_lpa_codes ?? '').split(';').filter((code) => code.trim() !== ''),
      active: true,
    }),
  );
}

/** An LPA row as seeded: its values and its neighbours' codes, longest shared boundary first. */
interface LpaSeedRow extends LpaValues {
  neighbourCodes: string[];
}

/** Everything the seed inserts, read and validated once per process. */
interface ReferenceRows {
  habitats: HabitatValues[];
  lpas: LpaSeedRow[];
  subcatchments: SubcatchmentValues[];
  ncas: readonly NcaValues[];
}

const withNeighbours = (lpaRows: LpaValues[], pairs: LpaNeighbourValues[]): LpaSeedRow[] =>
  lpaRows.map((lpa) => ({
    ...lpa,
    neighbourCodes: pairs
      .filter((pair) => pair.lpaCode === lpa.code)
      .sort((a, b) => a.rank - b.rank)
      .map((pair) => pair.neighbourLpaCode),
  }));

let cachedRows: ReferenceRows | undefined;
const referenceRows = (): ReferenceRows => {
  cachedRows ??= {
    habitats: readHabitats(),
    lpas: withNeighbours(readLpas(), readLpaNeighbours()),
    subcatchments: readSubcatchments(),
    ncas: CERTAIN_NCAS,
  };
  return cachedRows;
};

/** One column filled from a JSON row: the table column, the row key and its SQL type. */
type JsonColumn = readonly [column: string, key: string, type: string];

/**
 * Inserts rows in one statement that carries them as a single JSON parameter: far cheaper than thousands of
 * bound parameters on PGlite. Column names are constants of this file, never input. Present rows are skipped.
 */
async function insertJsonRows(
  tx: Queryable,
  table: string,
  columns: readonly JsonColumn[],
  rows: readonly object[],
) {
  if (rows.length === 0) return 0;
  const targets = columns.map(([column]) => `"${column}"`).join(', ');
  const values = columns
    .map(([, key, type]) =>
      type === 'text[]' ? `array(select jsonb_array_elements_text(x."${key}"))` : `x."${key}"`,
    )
    .join(', ');
  const shape = columns.map(([, key, type]) => `"${key}" ${type === 'text[]' ? 'jsonb' : type}`).join(', ');
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(targets)}) select ${sql.raw(values)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(shape)}) on conflict do nothing`,
  );
  return rows.length;
}

const LPA_COLUMNS: readonly JsonColumn[] = [
  ['code', 'code', 'text'],
  ['name', 'name', 'text'],
  ['authority_type', 'authorityType', 'text'],
  ['lad_code', 'ladCode', 'text'],
  ['current', 'current', 'boolean'],
  ['active', 'active', 'boolean'],
  ['neighbour_codes', 'neighbourCodes', 'text[]'],
];
const HABITAT_COLUMNS: readonly JsonColumn[] = [
  ['module', 'module', 'text'],
  ['broad_habitat', 'broadHabitat', 'text'],
  ['habitat_type', 'habitatType', 'text'],
  ['distinctiveness', 'distinctiveness', 'text'],
  ['distinctiveness_score', 'distinctivenessScore', 'integer'],
  ['trading_rule', 'tradingRule', 'text'],
];
const SUBCATCHMENT_COLUMNS: readonly JsonColumn[] = [
  ['name', 'name', 'text'],
  ['nutrient', 'nutrient', 'text'],
  ['designated_sites', 'designatedSites', 'text'],
  ['lpa_codes', 'lpaCodes', 'text[]'],
  ['active', 'active', 'boolean'],
];
const NCA_COLUMNS: readonly JsonColumn[] = [
  ['number', 'number', 'integer'],
  ['name', 'name', 'text'],
  ['active', 'active', 'boolean'],
];

/** Names of the seed data sets; a changed source gets a new name so it loads on the next start. */
const SEED_DATA_SETS = [
  'lpas-2025-07-with-lad-2021-neighbours',
  'habitats-metric-4.0',
  'subcatchments-nn-partial',
  'ncas-certain',
] as const;
type SeedDataSet = (typeof SEED_DATA_SETS)[number];

/**
 * Loads England's reference data (LPAs with their neighbours, metric habitats, nutrient catchments, the certain
 * NCAs), one statement per table, in one transaction. Each data set loads once (recorded in
 * reference_data_seeds), so later starts cost one query and the operator's edits and removals stay; rows
 * already present (same code, number or name) are skipped.
 */
export async function seedReferenceData(db: Queryable): Promise<void> {
  const seeded = await db.select({ name: referenceDataSeeds.name }).from(referenceDataSeeds);
  const loaded = new Set(seeded.map((row) => row.name));
  if (SEED_DATA_SETS.every((name) => loaded.has(name))) return;
  const rows = referenceRows();
  const loaders = {
    'lpas-2025-07-with-lad-2021-neighbours': (tx) => insertJsonRows(tx, 'lpas', LPA_COLUMNS, rows.lpas),
    'habitats-metric-4.0': (tx) => insertJsonRows(tx, 'habitats', HABITAT_COLUMNS, rows.habitats),
    'subcatchments-nn-partial': (tx) =>
      insertJsonRows(tx, 'subcatchments', SUBCATCHMENT_COLUMNS, rows.subcatchments),
    'ncas-certain': (tx) => insertJsonRows(tx, 'ncas', NCA_COLUMNS, rows.ncas),
  } satisfies Record<SeedDataSet, (tx: Queryable) => Promise<number>>;
  await db.transaction(async (tx) => {
    for (const name of SEED_DATA_SETS) {
      if (loaded.has(name)) continue;
      const rowCount = await loaders[name](tx);
      await tx.insert(referenceDataSeeds).values({ name, rowCount }).onConflictDoNothing();
    }
  });
}
