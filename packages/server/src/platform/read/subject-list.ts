import { type SubjectRef, subjectQuerySchema } from '@curlew/domain';
import { type AnyColumn, eq, type SQL } from 'drizzle-orm';
import { assertSubjectReadable } from '../actions/subject-access.ts';
import { AppError } from '../errors.ts';
import type { ListContext } from './list.ts';

/** Message of an activity or comments call without subjectType and subjectId. */
export const SUBJECT_REQUIRED_MESSAGE = 'subjectType and subjectId are required';

/** The record a query names by subjectType and subjectId: 400 when either is missing, 404 when malformed. */
export const subjectOf = (query: { subjectType?: string; subjectId?: string }): SubjectRef => {
  if (query.subjectType === undefined || query.subjectId === undefined)
    throw new AppError('bad_request', SUBJECT_REQUIRED_MESSAGE);
  const parsed = subjectQuerySchema.safeParse(query);
  // A malformed kind or id cannot name a record anyone may read.
  if (!parsed.success) throw new AppError('not_found', 'Not found');
  return parsed.data;
};

/**
 * The guard of a list that is one record's part (its activity, its comments): the record named by the query
 * (400 without it) and readable by the reader (404 when unknown or out of their scope, as its own page).
 */
export async function subjectListGuard(
  query: { subjectType?: string; subjectId?: string },
  { db, actor }: ListContext,
): Promise<void> {
  await assertSubjectReadable(db, actor, subjectOf(query));
}

/**
 * The parts of a list of one record's entries (activity, comments) on a table with `subjectType` and `subjectId`
 * columns: the record's filters and its guard; the scope is the record, so no row-level scope is added.
 */
export const subjectListParts = (columns: { subjectType: AnyColumn; subjectId: AnyColumn }) => ({
  scope: (): SQL | undefined => undefined,
  guard: subjectListGuard,
  filters: {
    subjectType: (subjectType: string): SQL => eq(columns.subjectType, subjectType),
    subjectId: (subjectId: string): SQL => eq(columns.subjectId, subjectId),
  },
});
