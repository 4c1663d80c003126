import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../auth/guard.ts';
import { AppError } from './errors.ts';
import { mailOutbox } from './mail.tables.ts';

export const devOutboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/**
 * Development-only helpers (never registered when NODE_ENV=production): every e-mail of the outbox with its body
 * (codes included), for a signed-in system administrator only, since its codes would let anyone take over any
 * account. The System page reads `GET /api/mail`, which exists in production too.
 */
export async function registerDevRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/dev/outbox', async (request) => {
    const session = await requireSession(request);
    if (!session.user.groups.includes('sysadmin')) {
      throw new AppError('forbidden', 'Only a system administrator may read the mail outbox');
    }
    const { to } = devOutboxQuery.parse(request.query);
    const rows = await app.deps.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(and(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined))
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });
}
