import { type ListQuery, SEARCH_TOTAL_CAP } from '@curlew/domain';
import { and, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../actions/paging.ts';
import { countedPage } from './counted-page.ts';
import { type ListContext, type ListSpec, withJoins } from './list.ts';

/**
 * A ranked slice of a list's matches for a term: the items in rank order and how many rows match, up to
 * SEARCH_TOTAL_CAP (`capped`: more than that match).
 */
export interface RankedItems<Item> {
  items: Item[];
  total: number;
  capped: boolean;
}

/** A way a row matches a term: the condition, and the rank of a row found this way. */
interface Way {
  matches: SQL;
  rank: SQL<number>;
}

/**
 * How a term matches a list, in two passes, each of one or more ways. `exact`: a searchable column containing the
 * term (ranked by the document's match and a step for containing it), or the full-text document matching the term's
 * words (`websearch_to_tsquery`, English stemming; ranked by the match). `similar`, asked only when nothing matches
 * exactly: a searchable column holding a word like the term (trigram word similarity: typos), ranked by the closest
 * word. Undefined for a list that declares neither.
 */
export function searchTerms<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  term: string,
): { exact: Way[]; similar: Way[] } | undefined {
  const { document, search: columns } = spec;
  if (document === undefined && columns.length === 0) return undefined;
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const textRank = document === undefined ? sql`0` : sql`coalesce(ts_rank(${document}, ${query}), 0)`;
  const contains = or(...columns.map((column) => ilike(column, containsPattern(term))));
  const exact: Way[] = [
    ...(contains === undefined ? [] : [{ matches: contains, rank: sql<number>`(${textRank} + 0.1)` }]),
    ...(document === undefined
      ? []
      : [{ matches: sql`${document} @@ ${query}`, rank: sql<number>`${textRank}` }]),
  ];
  const like = or(...columns.map((column) => sql`${term} <% ${column}`));
  const similar: Way[] =
    like === undefined
      ? []
      : [
          {
            matches: like,
            rank: sql<number>`coalesce(greatest(${sql.join(
              columns.map((column) => sql`word_similarity(${term}, ${column})`),
              sql`, `,
            )}), 0)`,
          },
        ];
  return { exact, similar };
}

/** A page of ranked matches: the page's ids, the first one's rank, and how many were found (at most the ways' caps). */
interface RankedPage {
  ids: string[];
  best: number;
  found: number;
}

/**
 * One page of a list's matches ranked. Each way is read on the list's table with the list's joins and scope and
 * stops one row past the cap, so a broad term never reads, ranks or counts every match (the columns containing the
 * term are one way, so the records named after it are among those read); a row found in several ways takes its best
 * rank. The rows found are ranked, best first (then by id, so pages never overlap), and counted.
 */
async function rankedPage<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  ways: readonly Way[],
  context: ListContext,
  slice: { limit: number; offset: number },
): Promise<RankedPage> {
  if (ways.length === 0) return { ids: [], best: 0, found: 0 };
  const scope = spec.scope(context.actor);
  const reads = ways.map(
    ({ matches, rank }) =>
      sql`(${withJoins(
        context.db
          .select({ id: spec.id, rank: rank.as('rank') })
          .from(spec.table)
          .$dynamic(),
        spec.joins,
      )
        .where(and(scope, matches))
        .limit(SEARCH_TOTAL_CAP + 1)})`,
  );
  // The page never reaches past the cap: the kind's pages hold the first SEARCH_TOTAL_CAP found.
  const limit = Math.max(0, Math.min(slice.limit, SEARCH_TOTAL_CAP - slice.offset));
  const { rows, total } = await countedPage<{ id: string; rank: number }>(
    context.db,
    sql`select found.id, max(found.rank) as rank from (${sql.join(reads, sql` union all `)}) found group by found.id`,
    { columns: sql`matched.id, matched.rank`, order: sql`matched.rank desc, matched.id` },
    { limit, offset: slice.offset },
  );
  return { ids: rows.map((row) => row.id), best: Number(rows[0]?.rank ?? 0), found: total };
}

/**
 * One slice of a list's matches for a term, best first, and how many match (up to the cap): read through the list's
 * own row source and presenter, exactly as the list answers them. Words like the term are looked for only when
 * nothing matches exactly.
 */
export async function searchItems<Query extends ListQuery, Row, Item extends { id: string }>(
  spec: ListSpec<Query, Row, Item>,
  term: string,
  context: ListContext,
  slice: { limit: number; offset: number },
): Promise<RankedItems<Item> & { best: number }> {
  const terms = searchTerms(spec, term);
  if (terms === undefined) return { items: [], total: 0, capped: false, best: 0 };
  let page = await rankedPage(spec, terms.exact, context, slice);
  if (page.found === 0) page = await rankedPage(spec, terms.similar, context, slice);
  const total = Math.min(page.found, SEARCH_TOTAL_CAP);
  const capped = page.found > SEARCH_TOTAL_CAP;
  if (page.ids.length === 0) return { items: [], total, capped, best: 0 };
  const presented = await spec.present(await spec.rows(context, inArray(spec.id, page.ids)), context);
  const byId = new Map(presented.map((item) => [item.id, item]));
  const items = page.ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total, capped, best: page.best };
}
