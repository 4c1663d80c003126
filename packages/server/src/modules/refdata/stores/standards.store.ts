import {
  type Standard,
  type StandardVersion,
  standardInputSchema,
  standardListQuerySchema,
  standardVersionInputSchema,
} from '@curlew/domain';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { withConflictCheck } from '../refdata.list.ts';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
import { tableStore } from '../refdata.table-store.ts';
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

/** Standards of a page, each with its newest version label. */
async function withLatestVersions(db: Queryable, rows: Row[]): Promise<Standard[]> {
  const latest = await latestVersions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, undefined, latest.get(row.id) ?? null));
}

/** A standard with all its versions, newest first. */
async function withVersions(db: Queryable, row: Row): Promise<Standard> {
  const versions = await db
    .select()
    .from(standardVersions)
    .where(eq(standardVersions.standardId, row.id))
    .orderBy(...newestFirst);
  return present(row, versions, versions[0]?.version ?? null);
}

/** Certification standards with their versions. */
export const standardsStore = tableStore({
  table: standards,
  activeColumn: standards.active,
  optionOrder: sql`lower(${standards.name})`,
  presentPage: withLatestVersions,
  presentDetail: withVersions,
  nameOf: (item) => item.name,
  writes: {
    input: (_db, body) => {
      const values = standardInputSchema.parse(body);
      return { ...values, description: values.description ?? null };
    },
    conflict: { path: 'name', message: (values) => `A standard named '${values.name}' already exists` },
  },
});

/** `GET /api/settings/standards`: each standard with its newest version. */
export const standardsList = settingsList({
  type: 'standards',
  table: standards,
  query: standardListQuerySchema,
  itemType: 'Standard',
  activeColumn: standards.active,
  filters: { active: activeOnly(standards.active) },
  sort: {
    name: sql`lower(${standards.name})`,
    active: standards.active,
    updatedAt: standards.updatedAt,
  },
  search: [standards.name, standards.description],
  present: standardsStore.presentPage,
  columns: [
    { header: 'Name', width: 32, value: (item) => item.name },
    { header: 'Description', width: 48, value: (item) => item.description ?? '' },
    { header: 'Latest version', width: 14, value: (item) => item.latestVersion ?? '' },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});

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
