import { commentListQuerySchema } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../auth/guard.ts';
import { assertSubjectReadable } from '../../platform/actions/subject-access.ts';
import { subjectOf } from '../../platform/read/subject-list.ts';
import { mentionCandidates } from './mentions.ts';

export const mentionQuery = z.object({ q: z.string().max(100).default('') });

/**
 * `GET /api/comments/mentionable?subjectType=&subjectId=&q=` (the mention typeahead), authorised by the subject's
 * read access (404 when unknown or out of scope).
 */
export async function registerMentionRoute(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.get('/api/comments/mentionable', async (request) => {
    const { user } = await requireSession(request);
    const subject = subjectOf(
      commentListQuerySchema.pick({ subjectType: true, subjectId: true }).parse(request.query),
    );
    const { q } = mentionQuery.parse(request.query);
    await assertSubjectReadable(deps.db, user, subject);
    return mentionCandidates(deps.db, user, subject, q);
  });
}
