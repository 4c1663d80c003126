import nodemailer from 'nodemailer';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { mailOutbox } from './mail.tables.ts';

/** A plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mails: over SMTP when SMTP_URL is set, otherwise into the outbox table. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mailer that stores messages in the `mail_outbox` table instead of sending them. */
export function createOutboxMailer(db: Database, clock: Clock): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, createdAt: clock() });
    },
    close() {},
  };
}

/** A mailer that sends through an SMTP server, e.g. `smtp://user:pass@mail.example:587`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    close() {
      transporter.close();
    },
  };
}

/** The mailer the configuration asks for. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
  clock: Clock,
): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, clock);
}
