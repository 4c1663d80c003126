import {
  type Standard,
  type StandardVersion,
  standardInputSchema,
  standardVersionInputSchema,
} from '@curlew/domain';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import {
  countColumns,
  type ListSpec,
  listClauses,
  pageOf,
  selectPage,
  withConflictCheck,
} from '../refdata.list.ts';
import type { RefDataStore } from '../refdata.store.ts';
import { standards, standardVersions } from '../refdata.tables.ts';

type Row = typeof standards.$inferSelect;
type VersionRow = typeof standardVersions.$inferSelect;

const presentVersion = (row: VersionRow): StandardVersion => ({
  id: row.id,
  standardId: row.standardId,
  version: row.version,
  effectiveDate: row.effectiveDate,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
});

const present = (row: Row, versions: VersionRow[] | undefined, latest: string | null): Standard => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
  latestVersion: latest,
  ...(versions ? { versions: versions.map(presentVersion) } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const newestFirst = [desc(standardVersions.effectiveDate), desc(standardVersions.createdAt)];

/** The newest version label of each standard (by effective date). */
async function latestVersions(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([standardVersions.standardId], {
      standardId: standardVersions.standardId,
      version: standardVersions.version,
    })
    .from(standardVersions)
    .where(inArray(standardVersions.standardId, ids))
    .orderBy(standardVersions.standardId, ...newestFirst);
  return new Map(rows.map((row) => [row.standardId, row.version]));
}

async function withVersions(db: Queryable, row: Row): Promise<Standard> {
  const versions = await db
    .select()
    .from(standardVersions)
    .where(eq(standardVersions.standardId, row.id))
    .orderBy(...newestFirst);
  return present(row, versions, versions[0]?.version ?? null);
}

const spec: ListSpec = {
  sortColumns: {
    name: sql`lower(${standards.name})`,
    active: standards.active,
    updatedAt: standards.updatedAt,
  },
  defaultSort: 'name',
  tieBreak: standards.id,
  searchColumns: [standards.name, standards.description],
  activeColumn: standards.active,
};

const duplicate = (name: string) => `A standard named '${name}' already exists`;

/** Certification standards with their versions. */
export const standardsStore: RefDataStore<Standard> = {
  nameOf: (item) => item.name,
  async list(db, query) {
    const { rows, total } = await selectPage(db, standards, listClauses(spec, query));
    const latest = await latestVersions(
      db,
      rows.map((row) => row.id),
    );
    return pageOf(
      rows.map((row) => present(row, undefined, latest.get(row.id) ?? null)),
      total,
      query,
    );
  },
  async get(db, id) {
    const [row] = await db.select().from(standards).where(eq(standards.id, id));
    return row ? withVersions(db, row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(standards.active)).from(standards);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = standardInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .insert(standards)
          .values({ ...values, description: values.description ?? null, createdAt: now, updatedAt: now })
          .returning(),
      'name',
      duplicate(values.name),
    );
    if (!row) throw new Error('No standard inserted');
    return present(row, [], null);
  },
  async update(db, id, body, now) {
    const values = standardInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .update(standards)
          .set({ ...values, description: values.description ?? null, updatedAt: now })
          .where(eq(standards.id, id))
          .returning(),
      'name',
      duplicate(values.name),
    );
    return row ? withVersions(db, row) : undefined;
  },
};

/** Adds a version to a standard; undefined when the standard does not exist. */
export async function addStandardVersion(
  db: Queryable,
  standardId: string,
  body: unknown,
  now: Date,
): Promise<Standard | undefined> {
  const values = standardVersionInputSchema.parse(body);
  const [standard] = await db.select().from(standards).where(eq(standards.id, standardId));
  if (!standard) return undefined;
  await withConflictCheck(
    () =>
      db.insert(standardVersions).values({
        standardId,
        version: values.version,
        effectiveDate: values.effectiveDate,
        notes: values.notes ?? null,
        createdAt: now,
      }),
    'version',
    `Version '${values.version}' of this standard already exists`,
  );
  await db.update(standards).set({ updatedAt: now }).where(eq(standards.id, standardId));
  return withVersions(db, { ...standard, updatedAt: now });
}

/** Active standards by name, for option lists. */
export async function activeStandards(db: Queryable): Promise<Standard[]> {
  const rows = await db
    .select()
    .from(standards)
    .where(eq(standards.active, true))
    .orderBy(asc(sql`lower(${standards.name})`));
  const latest = await latestVersions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, undefined, latest.get(row.id) ?? null));
}
