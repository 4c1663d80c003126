import { subjectQuerySchema } from '@curlew/domain';
import type { FastifyRequest } from 'fastify';
import type { SubjectKey } from '../../platform/actions/subject-access.ts';
import { AppError } from '../../platform/errors.ts';

/** Message of an activity or comments call without subjectType and subjectId. */
export const SUBJECT_REQUIRED_MESSAGE = 'subjectType and subjectId are required';

/** The subjectType and subjectId of a request's query: 400 when missing, 404 when malformed (no such record). */
export const subjectOf = (request: FastifyRequest): SubjectKey => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.subjectType !== 'string' || typeof query.subjectId !== 'string') {
    throw new AppError('bad_request', SUBJECT_REQUIRED_MESSAGE);
  }
  const parsed = subjectQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('not_found', 'Not found');
  return parsed.data;
};
