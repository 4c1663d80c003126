import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailOutbox } from './mail.tables.ts';

const outboxQuery = z.object({ to: z.string().trim().optional() });

/** Development-only helpers (never registered when NODE_ENV=production): read the mail outbox. */
export async function registerDevRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/dev/outbox', async (request) => {
    const { to } = outboxQuery.parse(request.query);
    const rows = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined))
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });
}
