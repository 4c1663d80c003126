import { feedPageQuerySchema } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../auth/guard.ts';
import { assertSubjectReadable } from '../../platform/actions/subject-access.ts';
import { subjectOf } from '../activity/subject-query.ts';
import { listComments } from './comments.repo.ts';
import { mentionCandidates } from './mentions.ts';

const mentionQuery = z.object({ q: z.string().max(100).default('') });

/**
 * `GET /api/comments?subjectType=&subjectId=&page=&pageSize=` (newest first) and
 * `GET /api/comments/mentionable?subjectType=&subjectId=&q=` (the mention typeahead), both authorised by the
 * subject's read access (404 when unknown or out of scope).
 */
export async function registerCommentRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/api/comments', async (request) => {
    const { user } = await requireSession(request);
    const subject = subjectOf(request);
    const paging = feedPageQuerySchema.parse(request.query);
    await assertSubjectReadable(deps.db, user, subject);
    return listComments(deps.db, subject, paging);
  });

  app.get('/api/comments/mentionable', async (request) => {
    const { user } = await requireSession(request);
    const subject = subjectOf(request);
    const { q } = mentionQuery.parse(request.query);
    await assertSubjectReadable(deps.db, user, subject);
    return mentionCandidates(deps.db, user, subject, q);
  });
}
