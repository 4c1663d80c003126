import { SEARCH_OPEN_HASH as SEARCH_OPEN_HASH_NAME } from '@curlew/domain';

/** The URL hash (with its '#') that opens the search box (SPEC 2). */
export const SEARCH_OPEN_HASH = `#${SEARCH_OPEN_HASH_NAME}`;

/** Whether the search box is open for this URL hash. */
export function isSearchOpen(hash: string): boolean {
  return hash === SEARCH_OPEN_HASH;
}

/** Where a search goes: /search/{term}, or nowhere when no term was entered. */
export function searchTarget(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search/${encodeURIComponent(trimmed)}` : null;
}
