import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetails,
  type FieldError,
} from '@curlew/domain';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The API's error codes, statuses and body: defined once in the domain, shared with the browser. */
export type { ErrorCode } from '@curlew/domain';

/** Extra members of an error body. */
type AppErrorDetails = ErrorDetails;

/** Message used when a conflict is caused by an existing item (SPEC 8). */
export const CONFLICT_MESSAGE = ERROR_MESSAGES.conflict;

/** The application's single error type; the error handler turns it into the contract's error body. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
  }

  /** The HTTP status of this error. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 422 carrying one field error, e.g. `validationError('password', 'This password is too common')`. */
export const validationError = (path: string, message: string): AppError =>
  new AppError('validation', message, { errors: [{ path, message }] });

/** Converts zod issues to the contract's `errors` list (classic and zod/mini errors alike). */
const fieldErrors = (error: z.core.$ZodError): FieldError[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

const LOGGED_AS_AUTHORISATION_FAILURE: ReadonlySet<ErrorCode> = new Set([
  'unauthenticated',
  'forbidden',
  'csrf',
]);

const toErrorBody = (error: unknown): { status: number; body: ErrorBody } => {
  if (error instanceof AppError) {
    return { status: error.status, body: { error: error.code, message: error.message, ...error.details } };
  }
  // The core class covers classic zod and zod/mini, whose parse errors are not classic ZodErrors.
  if (error instanceof z.core.$ZodError) {
    const errors = fieldErrors(error);
    return {
      status: ERROR_STATUS.validation,
      body: { error: 'validation', message: errors[0]?.message ?? 'Invalid request', errors },
    };
  }
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const code: ErrorCode =
      statusCode === 413 ? 'payload_too_large' : statusCode === 429 ? 'too_many_attempts' : 'bad_request';
    return { status: statusCode, body: { error: code, message: (error as Error).message } };
  }
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return { status: 400, body: { error: 'bad_request', message: MALFORMED_MULTIPART_MESSAGE } };
  }
  return { status: 500, body: { error: 'internal', message: 'An unexpected error occurred' } };
};

/** What the multipart parser (busboy) says of a body that is not well-formed multipart: no or wrong boundary, cut short. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|file|multipart data)|Malformed part header)/;
const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: its multipart body is malformed or incomplete. Send the form again.';

/** Fastify error handler: answers `{ error, message, errors? }` and logs what deserves logging. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = toErrorBody(error);
  if (status >= 500) {
    // A failed query's message lists its parameters, which hold what the user typed: log the SQL and the cause only.
    const logged =
      error instanceof DrizzleQueryError
        ? { query: error.query, err: error.cause ?? 'query failed' }
        : { err: error };
    request.log.error(logged, 'request failed');
  } else if (LOGGED_AS_AUTHORISATION_FAILURE.has(body.error)) {
    request.log.warn(
      {
        event: 'authorisation_failure',
        code: body.error,
        method: request.method,
        url: request.url.slice(0, 500),
      },
      body.message,
    );
  }
  if (body.retryAfterSeconds !== undefined) reply.header('retry-after', String(body.retryAfterSeconds));
  return reply.status(status).send(body);
}
