import { REFDATA_TYPE_LABELS, type RefDataType } from '@curlew/domain';
import { type AnyColumn, sql } from 'drizzle-orm';
import { AppError, CONFLICT_MESSAGE } from '../../platform/errors.ts';

const UNIQUE_VIOLATION = '23505';

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
};

/** Whether a database error (or the driver error it wraps) is a unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  if (errorCode(error) === UNIQUE_VIOLATION) return true;
  const cause =
    typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return cause !== undefined && isUniqueViolation(cause);
}

/**
 * Runs a write; a unique-constraint violation becomes the 409 'identical item already exists' (SPEC 8), with
 * the field that must be unique and a message saying why.
 */
export async function withConflictCheck<T>(
  write: () => Promise<T>,
  path: string,
  detail: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', CONFLICT_MESSAGE, { errors: [{ path, message: detail }] });
    }
    throw error;
  }
}

/** Count of all rows and of active rows, as numbers. */
export const countColumns = (active: AnyColumn) => ({
  count: sql<number>`count(*)`.mapWith(Number),
  activeCount: sql<number>`count(*) filter (where ${active})`.mapWith(Number),
});

/** The 404 of a reference item: what is missing, in words (never its id). */
export const itemNotFound = (type: RefDataType): AppError =>
  new AppError(
    'not_found',
    `This ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()} does not exist or is no longer in use`,
  );

/** Whether a text is a UUID (ids of reference items); other ids are simply not found. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
