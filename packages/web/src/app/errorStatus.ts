/** The HTTP status a failed call carries (any of the web app's API error classes), if it has one. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

/** Whether a failure means the record is not there for this person: missing (404) or not theirs to see (403). */
export const isNotFound = (error: unknown): boolean => {
  const status = statusOf(error);
  return status === 404 || status === 403;
};

/** A client error (4xx) is an answer, not a glitch: asking again would get the same answer. */
export const isClientError = (error: unknown): boolean => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
};

/**
 * What a person reads when a record could not be found, in words: the server's own text for a missing record
 * can name ids or tables, so it is never shown.
 */
export const notFoundDetail = (what: string): string =>
  `We could not find this ${what}. It may have been removed, or you may not have access to it.`;
