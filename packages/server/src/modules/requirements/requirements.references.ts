import type { Module } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { habitats, type lpas, type ncas, type subcatchments } from '../refdata/refdata.tables.ts';

/** 422 at `path` unless `id` names an active row of the reference table. */
export async function assertReference(
  db: Queryable,
  table: typeof lpas | typeof ncas | typeof subcatchments,
  id: string | undefined,
  path: string,
): Promise<void> {
  if (id === undefined) return;
  const [row] = isRecordId(id)
    ? await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.active, true)))
    : [];
  if (!row) throw validationError(path, 'Not a valid option');
}

/** 422 unless the broad habitat (and habitat type, when given) are habitats of the metric. */
export async function assertHabitat(
  db: Queryable,
  broadHabitat: string | undefined,
  habitatType: string | undefined,
  paths: { broad: string; type: string },
): Promise<void> {
  if (broadHabitat === undefined) return;
  const [broad] = await db
    .select({ id: habitats.id })
    .from(habitats)
    .where(eq(habitats.broadHabitat, broadHabitat))
    .limit(1);
  if (!broad) throw validationError(paths.broad, 'Not a valid option');
  if (habitatType === undefined) return;
  const [type] = await db
    .select({ id: habitats.id })
    .from(habitats)
    .where(and(eq(habitats.broadHabitat, broadHabitat), eq(habitats.habitatType, habitatType)))
    .limit(1);
  if (!type) throw validationError(paths.type, 'Not a valid option');
}

/** 422 at `habitatType` unless the habitat type is one of the module's habitats in the metric. */
export async function assertModuleHabitat(db: Queryable, module: Module, habitatType: string): Promise<void> {
  const [row] = await db
    .select({ id: habitats.id })
    .from(habitats)
    .where(and(eq(habitats.module, module), eq(habitats.habitatType, habitatType)))
    .limit(1);
  if (!row) throw validationError('habitatType', 'Not a valid option');
}
