import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';

/** Comments on any entity: the Lexical JSON as submitted (validated) and its plain text derived on the server. */
export const comments = pgTable(
  'comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The entity kind (first segment of its self link) and id the comment is on. */
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    json: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('comments_subject_idx').on(table.subjectType, table.subjectId, table.createdAt)],
);
