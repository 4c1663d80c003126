import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../db/connect.ts';

/**
 * One page of the rows a query reads, and how many it reads, in one statement: the rows are read once (the costly
 * part: matching a text on each) into `matched`, counted, and the page taken from them in `order`. A page past the
 * end still answers the count. `columns` and `order` name the query's columns as `matched.<name>`.
 */
export async function countedPage<Row extends Record<string, unknown>>(
  db: Queryable,
  query: SQL,
  { columns, order }: { columns: SQL; order: SQL },
  slice: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const found = await queryRows<{ page: Row | null; total: number | string }>(
    db,
    sql`with matched as materialized (${query}),
      counted as (select count(*) as total from matched)
      select to_jsonb(page) as page, counted.total from counted
      left join lateral (
        select ${columns} from matched order by ${order} limit ${slice.limit} offset ${slice.offset}
      ) page on true`,
  );
  return {
    rows: found.flatMap((row) => (row.page === null ? [] : [row.page])),
    total: Number(found[0]?.total ?? 0),
  };
}
