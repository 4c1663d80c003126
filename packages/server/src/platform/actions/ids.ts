const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment can be a record id; anything else is answered 404 without asking the database. */
export const isRecordId = (value: string): boolean => UUID_PATTERN.test(value);
