/**
 * The API's error model, shared by the server (which answers it) and the browser (which reads it): the error
 * codes with their HTTP statuses, the body of a failed answer, and the sentences SPEC 8 shows for failures.
 */
import type { FieldError } from '../validation/errors.ts';

/** Every error code the API answers with, and its HTTP status: the one place they are mapped. */
export const ERROR_STATUS = {
  validation: 422,
  bad_request: 400,
  invalid_code: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf: 403,
  sign_up_disabled: 403,
  not_found: 404,
  misdirected_request: 421,
  conflict: 409,
  invalid_status: 409,
  payload_too_large: 413,
  too_many_attempts: 429,
  internal: 500,
} as const satisfies Record<string, number>;

/** An API error code. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Whether a text is one of the API's error codes. */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

/** Extra members of an error body. */
export interface ErrorDetails {
  /** Field errors of a 422 (and of a conflict that names the field that must be unique). */
  errors?: FieldError[];
  /** How long to wait before trying again (429; also sent as `Retry-After`). */
  retryAfterSeconds?: number;
  /** A sentence saying why, shown in an action form's banner before `message` (SPEC 8). */
  cause?: string;
}

/** The body of every failed API answer: `{ error, message, errors?, retryAfterSeconds?, cause? }`. */
export interface ErrorBody extends ErrorDetails {
  error: ErrorCode;
  message: string;
}

/** The sentences SPEC 8 shows for failures. */
export const ERROR_MESSAGES = {
  /** When the server says the item exists already. */
  conflict: 'A conflict occurred: an identical item already exists',
  /** When a failed answer explains nothing. */
  unknown: 'An unknown error occurred',
  /** When the request never reached the server. */
  network: 'Network error',
} as const;

/** 'An error occurred: {cause}' (SPEC 8): a conflict other than an existing item. */
export const errorOccurred = (cause: string): string => `An error occurred: ${cause}`;

/** The status a request that never reached the server is reported with (SPEC 8). */
export const NETWORK_ERROR_STATUS = 503;
/** The code of a request that never reached the server (never sent by the server). */
export const NETWORK_ERROR_CODE = 'network';

/** What the browser makes of a failed answer: the sentence to show, the code, the field errors, the wait. */
export interface FailureReading {
  /** The server's error code, when it sent one. */
  code: string | undefined;
  /** The sentence to show (SPEC 8): the conflict sentence, 'An error occurred: ...', the server's message. */
  message: string;
  /** The server's own explanation, shown in an action form's banner before `message` (SPEC 8). */
  cause: string | undefined;
  fieldErrors: FieldError[];
  retryAfterSeconds: number | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Field errors of a body: its `errors` list, or the body itself when it is a bare array of messages (SPEC 7). */
const readFieldErrors = (value: unknown): FieldError[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] => {
    if (typeof item === 'string') return [{ path: '', message: item }];
    if (isRecord(item) && typeof item.message === 'string') {
      return [{ path: typeof item.path === 'string' ? item.path : '', message: item.message }];
    }
    return [];
  });
};

const readRetryAfter = (body: unknown, header: string | null | undefined): number | undefined => {
  if (isRecord(body) && typeof body.retryAfterSeconds === 'number') return body.retryAfterSeconds;
  const fromHeader = header ? Number.parseInt(header, 10) : Number.NaN;
  return Number.isFinite(fromHeader) ? fromHeader : undefined;
};

/**
 * Reads a failed answer (its status, parsed body and `Retry-After` header) per SPEC 7 and 8: bodies are
 * `{ error, message, cause?, errors? }` or a bare array of messages; a 409 `conflict` reads as the conflict
 * sentence, another 409 as 'An error occurred: {cause}', anything unexplained as 'An unknown error occurred'.
 */
export function readFailure(status: number, body: unknown, retryAfterHeader?: string | null): FailureReading {
  const fieldErrors = readFieldErrors(isRecord(body) ? body.errors : body);
  const code = isRecord(body) ? textOf(body.error) : undefined;
  const serverMessage = isRecord(body) ? textOf(body.message) : undefined;
  const serverCause = isRecord(body) ? textOf(body.cause) : undefined;
  const listed = textOf(fieldErrors.map((error) => error.message).join(', '));
  const retryAfterSeconds = readRetryAfter(body, retryAfterHeader);
  if (status === ERROR_STATUS.conflict) {
    if (code === 'conflict') {
      return { code, message: ERROR_MESSAGES.conflict, cause: serverCause, fieldErrors, retryAfterSeconds };
    }
    const explained = serverCause ?? serverMessage ?? listed;
    return {
      code,
      message: explained === undefined ? ERROR_MESSAGES.unknown : errorOccurred(explained),
      cause: explained,
      fieldErrors,
      retryAfterSeconds,
    };
  }
  return {
    code,
    message: serverMessage ?? listed ?? ERROR_MESSAGES.unknown,
    cause: serverCause,
    fieldErrors,
    retryAfterSeconds,
  };
}
