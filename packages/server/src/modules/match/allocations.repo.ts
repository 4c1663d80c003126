import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations } from './match.tables.ts';

/** An allocation to write: an accepted flow, or a replacement from the reserve (market balancing). */
type NewAllocation = typeof allocations.$inferInsert;

/** Writes allocations (nothing for an empty list). */
export async function insertAllocations(tx: Queryable, rows: readonly NewAllocation[]): Promise<void> {
  if (rows.length > 0) await tx.insert(allocations).values([...rows]);
}

/** Marks allocations failed: their project failed irrevocably before the units were delivered. */
export async function failAllocations(tx: Queryable, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length > 0)
    await tx
      .update(allocations)
      .set({ failedAt: now })
      .where(inArray(allocations.id, [...ids]));
}
