import { type ActivityItemView, type FeedPage, feedPageQuerySchema } from '@curlew/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../auth/guard.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { countRows, listPage } from '../../platform/actions/paging.ts';
import { assertSubjectReadable, type SubjectKey } from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { subjectOf } from './subject-query.ts';

type ActivityRow = typeof activity.$inferSelect;

const activityColumns = { entry: activity, organisationName: organisations.name };

/** An activity row as the activity calls answer it. */
const presentActivity = ({
  entry,
  organisationName,
}: {
  entry: ActivityRow;
  organisationName: string | null;
}): ActivityItemView => ({
  id: entry.id,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
  actionId: entry.action,
  title: entry.title,
  actor:
    entry.actorUserId !== null || entry.actorName !== null
      ? {
          id: entry.actorUserId ?? '',
          displayName: entry.actorName ?? 'A removed user',
          organisationName,
        }
      : null,
  statusBefore: entry.statusBefore,
  statusAfter: entry.statusAfter,
  details: entry.details ?? null,
  at: entry.at.toISOString(),
});

/** One page of a subject's activity, newest first. */
async function listActivity(
  db: Queryable,
  subject: SubjectKey,
  paging: { page: number; pageSize: number },
): Promise<FeedPage<ActivityItemView>> {
  const where = and(eq(activity.subjectType, subject.subjectType), eq(activity.subjectId, subject.subjectId));
  return listPage(
    paging,
    {
      rows: ({ limit, offset }) =>
        db
          .select(activityColumns)
          .from(activity)
          .leftJoin(organisations, eq(organisations.id, activity.actorOrganisationId))
          .where(where)
          .orderBy(desc(activity.at), desc(activity.sequence))
          .limit(limit)
          .offset(offset),
      total: () => countRows(db, activity, where),
    },
    (rows) => rows.map(presentActivity),
  );
}

const idParam = z.object({ id: z.uuid() });

/**
 * `GET /api/activity?subjectType=&subjectId=&page=&pageSize=` (newest first) and `GET /api/activity-item/{id}`,
 * authorised by the subject's read access (404 when unknown or out of scope).
 */
export async function registerActivityRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/api/activity', async (request) => {
    const { user } = await requireSession(request);
    const subject = subjectOf(request);
    const paging = feedPageQuerySchema.parse(request.query);
    await assertSubjectReadable(deps.db, user, subject);
    return listActivity(deps.db, subject, paging);
  });

  app.get('/api/activity-item/:id', async (request) => {
    const { user } = await requireSession(request);
    const parsed = idParam.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'Activity not found');
    const [row] = await deps.db
      .select(activityColumns)
      .from(activity)
      .leftJoin(organisations, eq(organisations.id, activity.actorOrganisationId))
      .where(eq(activity.id, parsed.data.id));
    if (!row) throw new AppError('not_found', 'Activity not found');
    await assertSubjectReadable(deps.db, user, {
      subjectType: row.entry.subjectType,
      subjectId: row.entry.subjectId,
    });
    return presentActivity(row);
  });
}
