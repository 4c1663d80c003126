/** The sizes of a list's pages (no schema here, so a page that only shows a list loads no validation). */

/** Page size when the query gives none. */
export const DEFAULT_PAGE_SIZE = 25;
/** Largest page an entity list answers. */
export const MAX_PAGE_SIZE = 100;
