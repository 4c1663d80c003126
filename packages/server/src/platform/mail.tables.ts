import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** E-mails kept in the database when no SMTP server is configured (read in development via /api/dev/outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);
