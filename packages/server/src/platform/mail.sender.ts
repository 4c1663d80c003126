import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Clock } from './clock.ts';
import type { Database } from './db/connect.ts';
import { type MailOutboxRow, mailOutbox } from './mail.tables.ts';

/** One e-mail as handed to the mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Stable across attempts, so a copy delivered twice (a process dying after the server accepted it) is recognisable. */
  messageId: string;
}

/** What sends an e-mail: resolves once the mail server accepted it, rejects with its refusal. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds the SMTP client waits for a connection, the greeting and each answer: well inside a lease. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** A transport through the SMTP server of `smtpUrl`, e.g. `smtp://user:pass@mail.example:587`. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, SMTP_TIMEOUTS_MS);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

/** How a sender claims, retries and gives up. */
export interface MailSenderOptions {
  /** Who holds the lease (default: host, process and a random tag). */
  owner?: string;
  /** How long a claimed e-mail stays this sender's (default 5 min): one whose process died is claimed again after it. */
  leaseMs?: number;
  /** How often an idle sender looks for due e-mails (default 5 s); an e-mail queued in this process wakes it at once. */
  pollMs?: number;
  /** Wait before the second attempt (default 1 min), doubling after each failure... */
  firstRetryMs?: number;
  /** ...up to this (default 1 h). */
  longestRetryMs?: number;
  /** Attempts before an e-mail is given up as Failed (default 10: about four hours of retries). */
  maxAttempts?: number;
  /** Where refusals are logged (by e-mail id, never address or body); default nowhere. */
  log?: MailSenderLog;
}

/** The part of a pino logger the sender writes to. */
export interface MailSenderLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The longest error text kept (an SMTP answer can carry a long transcript). */
const ERROR_LENGTH = 500;

const errorText = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, ERROR_LENGTH) || 'Unknown error';
};

/** An error as logged: addresses an SMTP answer quotes are left out (the stored last error keeps them). */
const loggedError = (error: unknown): string =>
  errorText(error).replace(/<?[^\s<>@]+@[^\s<>]+>?/g, '[address]');

/**
 * Sends the outbox: claims one due e-mail at a time (`FOR UPDATE SKIP LOCKED`, so among several server processes
 * exactly one holds it), sends it, and marks it Sent; a refusal is kept as its last error and the e-mail is tried
 * again after a doubling wait, until `maxAttempts` makes it Failed. An e-mail whose sender died while holding it
 * is claimed again once its lease runs out (the one case where SMTP may get it twice).
 */
export class MailSender {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly firstRetryMs: number;
  private readonly longestRetryMs: number;
  private readonly maxAttempts: number;
  private readonly log: MailSenderLog | undefined;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private started = false;
  private stopping = false;
  private wokenWhileRunning = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly messageIdDomain: string,
    options: MailSenderOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.firstRetryMs = options.firstRetryMs ?? 60_000;
    this.longestRetryMs = options.longestRetryMs ?? 60 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.log = options.log;
  }

  /** True from start() until stop() is called. */
  get active(): boolean {
    return this.started && !this.stopping;
  }

  /** Starts sending: now, then every `pollMs` and whenever woken. */
  start(): void {
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Sends soon: an e-mail was just queued in this process. */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.running) this.wokenWhileRunning = true;
    else this.schedule(0);
  }

  /** Stops sending after the e-mail in hand (its lease protects it either way) and closes the transport. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.sendDue()
        .catch((error: unknown) =>
          this.log?.error(
            { event: 'mail_pass_failed', err: loggedError(error) },
            'sending the outbox failed; it is tried again at the next pass',
          ),
        )
        .finally(() => {
          this.running = null;
          const again = this.wokenWhileRunning;
          this.wokenWhileRunning = false;
          if (!this.stopping) this.schedule(again ? 0 : this.pollMs);
        });
    }, delayMs);
  }

  /**
   * Sends due e-mails one by one until none is left or one is refused (the server is likely down: the rest wait
   * for the next pass); answers how many were sent.
   */
  async sendDue(): Promise<number> {
    let sent = 0;
    while (!this.stopping) {
      const mail = await this.claim();
      if (!mail) break;
      const delivered = await this.deliver(mail);
      if (!delivered) break;
      sent += 1;
    }
    return sent;
  }

  /** Claims the oldest due e-mail: Pending and due, or Sending with a lease run out. */
  private claim(): Promise<MailOutboxRow | null> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'Pending'), lte(mailOutbox.nextAttemptAt, now)),
            and(eq(mailOutbox.status, 'Sending'), lt(mailOutbox.leaseExpiresAt, now)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [claimed] = await tx
        .update(mailOutbox)
        .set({
          status: 'Sending',
          leaseOwner: this.owner,
          leaseExpiresAt: new Date(now.getTime() + this.leaseMs),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, candidate.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** Sends one claimed e-mail and records the outcome (only while the lease is still this sender's). */
  private async deliver(mail: MailOutboxRow): Promise<boolean> {
    const held = and(
      eq(mailOutbox.id, mail.id),
      eq(mailOutbox.status, 'Sending'),
      eq(mailOutbox.leaseOwner, this.owner),
    );
    const released = { leaseOwner: null, leaseExpiresAt: null };
    try {
      await this.transport.send({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<outbox-${mail.id}@${this.messageIdDomain}>`,
      });
    } catch (error) {
      const now = this.clock();
      const givenUp = mail.attempts >= this.maxAttempts;
      const details = {
        event: givenUp ? 'mail_failed' : 'mail_refused',
        mailId: mail.id,
        attempts: mail.attempts,
      };
      if (givenUp)
        this.log?.error({ ...details, err: loggedError(error) }, 'e-mail given up after its last attempt');
      else this.log?.warn({ ...details, err: loggedError(error) }, 'e-mail refused; it will be tried again');
      await this.db
        .update(mailOutbox)
        .set({
          ...released,
          status: givenUp ? 'Failed' : 'Pending',
          lastError: errorText(error),
          nextAttemptAt: new Date(now.getTime() + this.retryDelayMs(mail.attempts)),
        })
        .where(held);
      return false;
    }
    await this.db
      .update(mailOutbox)
      .set({ ...released, status: 'Sent', sentAt: this.clock() })
      .where(held);
    return true;
  }

  /** The wait after the `attempts`-th failure: firstRetryMs doubling, at most longestRetryMs. */
  retryDelayMs(attempts: number): number {
    return Math.min(this.firstRetryMs * 2 ** Math.max(0, attempts - 1), this.longestRetryMs);
  }
}
