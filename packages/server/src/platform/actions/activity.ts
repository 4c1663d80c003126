import type { JsonValue } from '@curlew/domain';
import { chunksOf } from '../db/chunks.ts';
import type { Queryable } from '../db/connect.ts';
import { activity } from './activity.tables.ts';

/** One activity entry to write. */
export interface ActivityEntry {
  subjectType: string;
  subjectId: string;
  action: string;
  title: string;
  actor: { id: string; displayName: string; organisationId: string | null } | null;
  statusBefore: string | null;
  statusAfter: string | null;
  details?: Record<string, JsonValue>;
  at: Date;
}

/** An activity row. */
type ActivityRow = typeof activity.$inferSelect;

const activityRow = (entry: ActivityEntry): typeof activity.$inferInsert => ({
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
  action: entry.action,
  title: entry.title,
  actorUserId: entry.actor?.id ?? null,
  actorName: entry.actor?.displayName ?? null,
  actorOrganisationId: entry.actor?.organisationId ?? null,
  statusBefore: entry.statusBefore,
  statusAfter: entry.statusAfter,
  details: entry.details && Object.keys(entry.details).length > 0 ? entry.details : null,
  at: entry.at,
});

/** Writes an activity entry, in the caller's transaction so it commits or rolls back with the action. */
export async function recordActivity(tx: Queryable, entry: ActivityEntry): Promise<ActivityRow> {
  const [row] = await tx.insert(activity).values(activityRow(entry)).returning();
  if (!row) throw new Error('Inserting the activity entry returned no row');
  return row;
}

/** Writes many activity entries in a few statements, their sequence in the order given. */
export async function recordActivities(tx: Queryable, entries: readonly ActivityEntry[]): Promise<void> {
  for (const chunk of chunksOf(entries)) await tx.insert(activity).values(chunk.map(activityRow));
}
