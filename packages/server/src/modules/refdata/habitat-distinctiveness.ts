import { type Distinctiveness, distinctivenessProblem, type Module } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { habitats } from './refdata.tables.ts';

/**
 * 422 at `path` when the distinctiveness chosen contradicts the one the statutory metric gives the habitat type
 * (e.g. Lowland meadows entered as Low). A habitat type the metric does not know is left to the caller's own check.
 */
export async function assertHabitatDistinctiveness(
  db: Queryable,
  habitat: { habitatType: string; module?: Module | undefined },
  chosen: Distinctiveness,
  path: string,
): Promise<void> {
  const [row] = await db
    .select({ distinctiveness: habitats.distinctiveness })
    .from(habitats)
    .where(
      and(
        eq(habitats.habitatType, habitat.habitatType),
        habitat.module === undefined ? undefined : eq(habitats.module, habitat.module),
      ),
    )
    .limit(1);
  if (row === undefined) return;
  const problem = distinctivenessProblem(habitat.habitatType, row.distinctiveness, chosen);
  if (problem !== undefined) throw validationError(path, problem);
}
