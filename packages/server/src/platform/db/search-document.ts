import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's weighted full-text document (English stemming): a generated, GIN-indexed `search_document` column that
 * the migration adds by hand and the Drizzle tables leave out, so that no row select carries it.
 */
export const searchDocumentOf = (table: PgTable): SQL => sql`${table}.${sql.identifier('search_document')}`;
