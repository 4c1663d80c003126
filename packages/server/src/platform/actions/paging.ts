import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/connect.ts';

/** The list answer and its query, defined once in the domain for server and browser. */
export { listQuerySchema } from '@curlew/domain';

/** A `LIKE` pattern matching `text` anywhere, with the pattern characters of the text escaped. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** Counts the rows of a table (or a join's base table) matching a condition. */
export async function countRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ value: count() }).from(table).where(where);
  return counted?.value ?? 0;
}
