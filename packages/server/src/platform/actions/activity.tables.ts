import type { JsonValue } from '@curlew/domain';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';

/** The audit trail: one row per action run (who, what action, when, on what, status before and after). */
export const activity = pgTable(
  'activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Entity kind of the subject (`organisation`, `agent-authority`, ...), as in the SPEC's subjectType query. */
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    /** The action id (`Update`, `SetApproval`). */
    action: text().notNull(),
    /** The action's title when it ran, for the feed. */
    title: text().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The actor's display name when it ran, kept if the user is later removed. */
    actorName: text(),
    actorOrganisationId: uuid(),
    statusBefore: text(),
    statusAfter: text(),
    details: jsonb().$type<Record<string, JsonValue>>(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Increases with every entry written: orders a subject's entries when two share a timestamp. */
    sequence: bigserial({ mode: 'number' }).notNull(),
  },
  (table) => [index('activity_subject_idx').on(table.subjectType, table.subjectId, table.at)],
);
