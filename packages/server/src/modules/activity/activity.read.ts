import {
  type ActivityItemView,
  type ActivityListQuery,
  activityDetailLines,
  activityListQuerySchema,
  activityTimeText,
  sentenceCase,
  statusChangeText,
} from '@curlew/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { activity } from '../../platform/actions/activity.tables.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { OPERATOR_ONLY, operatorOnly } from '../../platform/actions/policy.ts';
import { canReadSubject, roundSubjectKinds } from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import type { ScopedRecord } from '../../platform/read/entity-module.ts';
import type { ListContext } from '../../platform/read/list.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { subjectListParts } from '../../platform/read/subject-list.ts';
import { organisations } from '../organisations/organisations.tables.ts';

type ActivityRow = typeof activity.$inferSelect;

interface ActivityRead {
  entry: ActivityRow;
  organisationName: string | null;
}

/** An activity row with the name of the actor's organisation. */
const selectActivity = (db: Queryable, where: SQL | undefined): Promise<ActivityRead[]> =>
  db
    .select({ entry: activity, organisationName: organisations.name })
    .from(activity)
    .leftJoin(organisations, eq(organisations.id, activity.actorOrganisationId))
    .where(where);

/** An activity row as the activity calls answer it. */
const presentActivity = ({ entry, organisationName }: ActivityRead): ActivityItemView => ({
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

/** The entries of a round and of every record in it (a participation, a project, a group, ...). */
const inRound = (roundId: string): SQL | undefined =>
  or(
    ...roundSubjectKinds().map(([subjectType, ids]) =>
      and(eq(activity.subjectType, subjectType), inArray(activity.subjectId, ids(roundId))),
    ),
  );

const subjectPart = subjectListParts(activity);

/** Who may read a whole round's activity: the operator, and only of a round that exists. */
async function roundActivityGuard(roundId: string, { db, actor }: ListContext): Promise<void> {
  if (!operatorOnly(actor).allowed) throw new AppError('forbidden', OPERATOR_ONLY);
  const subject = { subjectType: 'round', subjectId: roundId };
  if (!isRecordId(roundId) || !(await canReadSubject(db, actor, subject)))
    throw new AppError('not_found', 'This round does not exist or you cannot see it');
}

/**
 * The activity list (`GET /api/activity`, newest first; `format=csv|xlsx` the audit trail): one record's entries,
 * read by whoever may read the record (400 without it, 404 outside their scope), or with `roundId` a whole round's
 * (the round's and every record's in it), read by the operator.
 */
export const activityList: DescribedList<ActivityListQuery, ActivityRead, ActivityItemView> = {
  query: activityListQuerySchema,
  itemType: 'ActivityItemView',
  table: activity,
  id: activity.id,
  ...subjectPart,
  guard: async (query, context) =>
    query.roundId === undefined
      ? subjectPart.guard(query, context)
      : roundActivityGuard(query.roundId, context),
  filters: { ...subjectPart.filters, roundId: inRound },
  // Entries written at the same moment keep the order they were written in.
  sort: { at: sql`(${activity.at}, ${activity.sequence})` },
  search: [],
  collectionActions: false,
  rows: ({ db }, where) => selectActivity(db, where),
  present: (rows) => rows.map(presentActivity),
  export: {
    filename: 'activity',
    sheet: 'Activity',
    maxRows: 100_000,
    columns: [
      { header: 'When', width: 18, value: (item) => activityTimeText(item.at) },
      { header: 'Who', width: 24, value: (item) => item.actor?.displayName ?? 'System' },
      { header: 'Organisation', width: 28, value: (item) => item.actor?.organisationName ?? '' },
      { header: 'Record', width: 18, value: (item) => sentenceCase(item.subjectType.replaceAll('-', ' ')) },
      { header: 'Action', width: 28, value: (item) => item.title },
      {
        header: 'Status',
        width: 28,
        value: (item) => statusChangeText(item.statusBefore, item.statusAfter) ?? '',
      },
      { header: 'What changed', width: 60, value: (item) => activityDetailLines(item.details).join('; ') },
    ],
  },
};

/** `GET /api/activity-item/{id}`: one entry, to whoever may read its record (404 otherwise). */
export const activityItemRecord: ScopedRecord<ActivityRead, ActivityItemView> = {
  path: 'activity-item',
  noun: 'activity entry',
  answerType: 'ActivityItemView',
  load: async ({ deps, actor }, id) => {
    const [row] = await selectActivity(deps.db, eq(activity.id, id));
    if (row === undefined) return undefined;
    const { subjectType, subjectId } = row.entry;
    return (await canReadSubject(deps.db, actor, { subjectType, subjectId })) ? row : undefined;
  },
  present: ({ record }) => presentActivity(record),
};
