import { z } from 'zod';
import { formatNumber } from '../format/number.ts';
import type { OrganisationType } from '../vocab/organisation.values.ts';

/** The kinds of record a search finds, in the order their groups are shown when they rank alike. */
export const SEARCH_KINDS = [
  'requirements',
  'projects',
  'projectGroups',
  'requirementGroups',
  'organisations',
  'markets',
  'rounds',
  'credits',
  'users',
] as const;
/** A kind of record a search finds. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Each kind's heading on the search page. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  requirements: 'Credit requirements',
  projects: 'Projects',
  projectGroups: 'Project groups',
  requirementGroups: 'Credit requirement groups',
  organisations: 'Organisations',
  markets: 'Markets',
  rounds: 'Market rounds',
  credits: 'Credits in the registry',
  users: 'Users',
};

/** The shortest and longest search term. */
export const SEARCH_TERM_MIN = 2;
export const SEARCH_TERM_MAX = 100;
/** Results of each kind on the search page; a kind's own pages ("show all") hold more. */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_PAGE_SIZE = 20;
/**
 * The most matches of one kind a search ranks, counts and pages through: a broader term says "500+" and ranks the
 * first 500 it finds (those holding the term in their name first), so that it answers as fast as a narrow one.
 */
export const SEARCH_TOTAL_CAP = 500;

/** The search term: trimmed, at least two and at most a hundred characters. */
export const searchTermSchema = z
  .string()
  .trim()
  .min(1, 'Enter a word to search for')
  .min(SEARCH_TERM_MIN, `Enter at least ${SEARCH_TERM_MIN} characters to search for`)
  .max(SEARCH_TERM_MAX, `Enter at most ${SEARCH_TERM_MAX} characters to search for`);

/** The query of a search: one kind's page of results ("show all"), or the first few of every kind. */
export const searchQuerySchema = z.object({
  kind: z.enum(SEARCH_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** The query of a search. */
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** How many of a kind match, as the search page says it: "7", "1,250" or, past the cap, "500+". */
export const searchTotalText = (group: Pick<SearchGroup, 'total' | 'capped'>): string =>
  `${formatNumber(group.total)}${group.capped ? '+' : ''}`;

/** A text with the parts that match the term, as [start, end) character ranges (never markup). */
export interface MarkedText {
  text: string;
  highlights: [number, number][];
}

/** One record found: what it is, its name and a line of context with the matched words, and where its page is. */
export interface SearchResult {
  kind: SearchKind;
  id: string;
  title: MarkedText;
  context: MarkedText;
  /**
   * What its page's address needs besides the id: a round's market, an organisation's type; a user's page is their
   * organisation's (its id and type), and a user of no organisation has none.
   */
  marketId?: string;
  organisationId?: string;
  organisationType?: OrganisationType;
}

/**
 * The results of one kind, best first, and how many of that kind match in all; past SEARCH_TOTAL_CAP, `capped` and
 * a `total` of SEARCH_TOTAL_CAP: more than that match, and the kind's pages hold the first SEARCH_TOTAL_CAP found.
 */
export interface SearchGroup {
  kind: SearchKind;
  label: string;
  total: number;
  capped: boolean;
  page: number;
  pageSize: number;
  results: SearchResult[];
}

/** A search's answer: the term as searched and its groups, the best-ranked group first. */
export interface SearchAnswer {
  term: string;
  groups: SearchGroup[];
}

/**
 * The ranges of `text` that match the words of `term`: each word (two characters or more) found case-insensitively,
 * and, when a word of five or more is not found whole, its stem (all but its last two letters) so that "meadows"
 * marks "Meadow". Ranges are sorted and never overlap.
 */
export function highlightRanges(text: string, term: string): [number, number][] {
  const lower = text.toLowerCase();
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}/]+/u)
    .filter((word) => word.length >= 2);
  const ranges: [number, number][] = [];
  for (const word of words) {
    const found = occurrences(lower, word);
    if (found.length > 0) ranges.push(...found);
    else if (word.length >= 5) ranges.push(...occurrences(lower, word.slice(0, word.length - 2)));
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Where `word` occurs in `text` (both lower case). */
function occurrences(text: string, word: string): [number, number][] {
  const found: [number, number][] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) return found;
    found.push([at, at + word.length]);
    from = at + word.length;
  }
}

/** A text marked for a term. */
export const markText = (text: string, term: string): MarkedText => ({
  text,
  highlights: highlightRanges(text, term),
});
