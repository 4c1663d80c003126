import {
  MAIL_STATUSES,
  type MailStatus,
  type OutboxAnswer,
  type OutboxMessage,
  outboxQuerySchema,
} from '@curlew/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../auth/guard.ts';
import { AppError } from './errors.ts';
import { type MailOutboxRow, mailOutbox } from './mail.tables.ts';

const NOT_FOUND = 'This e-mail does not exist or you cannot see it';

/** 403 unless a system administrator is signed in: the outbox holds every person's e-mail. */
async function requireSysadmin(request: FastifyRequest): Promise<void> {
  const session = await requireSession(request);
  if (!session.user.groups.includes('sysadmin')) {
    throw new AppError('forbidden', 'Only a system administrator may read the mail outbox');
  }
}

/** An outbox row as the System page shows it: the body left out where it carries a code, in production. */
const presentOutboxMessage = (row: MailOutboxRow, production: boolean): OutboxMessage => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: production && row.secret ? null : row.text,
  link: row.link,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.status === 'Pending' ? row.nextAttemptAt.toISOString() : null,
  sentAt: row.sentAt?.toISOString() ?? null,
});

export const mailIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The outbox for system administrators, in every environment: `GET /api/mail` (newest first, by recipient and
 * status, with counts per status) and `POST /api/mail/{id}/retry`, which puts a Failed e-mail back in the queue.
 */
export async function registerMailRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/api/mail', async (request): Promise<OutboxAnswer> => {
    await requireSysadmin(request);
    const query = outboxQuerySchema.parse(request.query);
    const byRecipient = query.to ? eq(sql`lower(${mailOutbox.to})`, query.to.toLowerCase()) : undefined;
    const where: SQL | undefined = and(
      byRecipient,
      query.status ? eq(mailOutbox.status, query.status) : undefined,
    );
    const [rows, perStatus] = await Promise.all([
      deps.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db
        .select({ status: mailOutbox.status, total: count() })
        .from(mailOutbox)
        .where(byRecipient)
        .groupBy(mailOutbox.status),
    ]);
    const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<
      MailStatus,
      number
    >;
    for (const row of perStatus) counts[row.status] = row.total;
    return {
      items: rows.map((row) => presentOutboxMessage(row, deps.config.production)),
      total: query.status
        ? counts[query.status]
        : MAIL_STATUSES.reduce((sum, status) => sum + counts[status], 0),
      page: query.page,
      pageSize: query.pageSize,
      transport: deps.config.smtpUrl ? 'smtp' : 'none',
      counts,
    };
  });

  app.post('/api/mail/:id/retry', async (request): Promise<OutboxMessage> => {
    await requireSysadmin(request);
    const parsed = mailIdParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', NOT_FOUND);
    const now = deps.clock();
    const [retried] = await deps.db
      .update(mailOutbox)
      .set({ status: 'Pending', attempts: 0, nextAttemptAt: now })
      .where(and(eq(mailOutbox.id, parsed.data.id), eq(mailOutbox.status, 'Failed')))
      .returning();
    if (!retried) {
      const [existing] = await deps.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, parsed.data.id));
      if (!existing) throw new AppError('not_found', NOT_FOUND);
      throw new AppError(
        'invalid_status',
        `Only a failed e-mail can be sent again; this one is ${existing.status}`,
      );
    }
    request.log.info({ event: 'mail_retried', mailId: retried.id }, 'failed e-mail queued again');
    deps.wakeMailSender();
    return presentOutboxMessage(retried, deps.config.production);
  });
}
