import { z } from 'zod';

/**
 * Where an e-mail of the outbox stands: Pending (waiting for its next attempt), Sending (claimed by a server
 * process, under a lease), Sent (the SMTP server accepted it), Failed (given up; kept with its last error).
 */
export const MAIL_STATUSES = ['Pending', 'Sending', 'Sent', 'Failed'] as const;
/** One of MAIL_STATUSES. */
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One e-mail of the outbox as the System page lists it (`GET /api/mail`). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  /** The message; null where it carries a code that opens an account and the server runs in production. */
  text: string | null;
  /** The page of the record the e-mail is about, or null (e.g. a sign-up code). */
  link: string | null;
  status: MailStatus;
  attempts: number;
  /** The SMTP server's (or connection's) last refusal, while Pending or once Failed. */
  lastError: string | null;
  createdAt: string;
  /** When a Pending e-mail is tried next. */
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** The answer of `GET /api/mail`: the e-mails, newest first, how the server sends them and counts per status. */
export interface OutboxAnswer {
  items: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
  /** 'smtp' when SMTP_URL is set; 'none' when e-mails stay in the outbox (development without a mail server). */
  transport: 'smtp' | 'none';
  counts: Record<MailStatus, number>;
}

/** The query of `GET /api/mail`. */
export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
/** A parsed `GET /api/mail` query. */
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/**
 * The web pages e-mails link to, by record: the same route for every role that may read the record (operator,
 * participant, agent, LPA), so one link serves every recipient.
 */
export const RECORD_PAGES = {
  round: (marketId: string, roundId: string) => `/markets/${marketId}/round/${roundId}`,
  project: (projectId: string) => `/projects/${projectId}`,
  projectGroup: (groupId: string) => `/project-group/${groupId}`,
  requirement: (requirementId: string) => `/credit-requirements/${requirementId}`,
  requirementGroup: (groupId: string) => `/requirement-group/${groupId}`,
  /** A participant organisation's page, with the agent authorities it gave (its own members, its agents). */
  participant: (organisationId: string) => `/participants/${organisationId}`,
} as const;
