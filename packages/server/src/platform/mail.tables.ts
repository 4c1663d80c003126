import type { MailStatus } from '@curlew/domain';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './db/columns.ts';

/**
 * The transactional outbox: every e-mail, written in the transaction of the action that causes it, then sent by
 * whichever server process claims it (`FOR UPDATE SKIP LOCKED`, under a lease), retried with backoff, kept once
 * sent or given up. Without SMTP_URL nothing sends and the e-mails wait here (read on the System page).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** The page of the record the e-mail is about (PUBLIC_URL + the web route), when there is one. */
    link: text(),
    /** It carries a code that opens an account: its body is never shown in production. */
    secret: boolean().notNull().default(false),
    status: text().$type<MailStatus>().notNull().default('Pending'),
    /** How many times a process claimed it to send. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull().defaultNow(),
    lastError: text(),
    leaseOwner: text(),
    leaseExpiresAt: at(),
    sentAt: at(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('mail_outbox_to_idx').on(table.to, table.createdAt),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/** A stored outbox row. */
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
