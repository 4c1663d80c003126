import type { Clock } from './clock.ts';
import type { Queryable } from './db/connect.ts';
import { mailOutbox } from './mail.tables.ts';

/** A plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The page of the record it is about (a full address: PUBLIC_URL + the web route), shown on the System page. */
  link?: string;
  /** It carries a code that opens an account: production never shows its body to anyone. */
  secret?: boolean;
}

/**
 * Puts e-mails in the outbox, in the transaction (or on the database) it was made for: an e-mail is stored if and
 * only if the work that causes it commits, and the outbox's sender delivers it afterwards. `send` never talks to
 * a mail server, so it cannot fail because one is down.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Stores one e-mail in the outbox through `db` (pass the action's transaction), due now. */
export async function queueMail(db: Queryable, now: Date, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    link: message.link ?? null,
    secret: message.secret ?? false,
    status: 'Pending',
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * A mailer writing to the outbox through `db`; `onQueued` runs after each e-mail is stored (the app wakes its
 * sender with it, so an e-mail outside a transaction leaves at once).
 */
export function outboxMailer(db: Queryable, clock: Clock, onQueued: () => void = () => {}): Mailer {
  return {
    async send(message) {
      await queueMail(db, clock(), message);
      onQueued();
    },
  };
}

/** A full address of a page of the web app: PUBLIC_URL + its route (`/projects/…`). */
export const pageLink = (publicUrl: string, route: string): string => `${publicUrl}${route}`;
