import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { lpas, ncas, projectTypes, standards, subcatchments } from '../refdata/refdata.tables.ts';

const TABLES = {
  standardIds: standards,
  projectTypeIds: projectTypes,
  ncaIds: ncas,
  lpaIds: lpas,
  subcatchmentIds: subcatchments,
} as const;

/** 422 on the field naming a reference-data row that does not exist or is no longer active. */
export async function assertActiveReferences(
  db: Queryable,
  values: Partial<Record<keyof typeof TABLES, readonly string[] | undefined>>,
): Promise<void> {
  for (const [field, table] of Object.entries(TABLES) as [
    keyof typeof TABLES,
    (typeof TABLES)[keyof typeof TABLES],
  ][]) {
    const ids = [...new Set(values[field] ?? [])];
    if (ids.length === 0) continue;
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.active, true)));
    if (found.length !== ids.length) throw validationError(field, 'Not a valid option');
  }
}
