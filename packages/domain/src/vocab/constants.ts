/** Locale of every number and date shown (SPEC 9). */
export const LOCALE = 'en-GB';
/** Currency of every amount (SPEC 1 and 9). */
export const CURRENCY = 'GBP';
/** Decimal places of credit amounts (SPEC 9). */
export const CREDIT_DECIMALS = 2;

/** Credit reserve percentage: valid strictly between 0 and 100; 10% to 20% recommended (SPEC 5 and 9). */
export const RESERVE_PERCENTAGE = {
  exclusiveMin: 0,
  exclusiveMax: 100,
  recommendedMin: 10,
  recommendedMax: 20,
} as const;

/** Years to target condition of a biodiversity supply (SPEC 5 and 9). */
export const YEARS_TO_TARGET_CONDITION = { min: 1, max: 30 } as const;
/** Value of the 'no standard' placeholder in certification decisions (SPEC 9). */
export const CERTIFICATION_STANDARD_PLACEHOLDER = 'NA';

/** Earliest and latest value of a time input (SPEC 5). */
export const TIME_INPUT_RANGE = { min: '00:00', max: '23:59' } as const;
/** Unit step of file sizes shown in Kb and Mb (SPEC 9). */
export const FILE_SIZE_STEP = 1024;

/** File extensions accepted for uploads in general (SPEC 9). */
export const UPLOAD_EXTENSIONS = ['csv', 'pdf', 'xlsx', 'zip'] as const;
/** File extensions accepted for a supporting document or landholder information (SPEC 3 and 9). */
export const DOCUMENT_UPLOAD_EXTENSIONS = ['pdf', 'xlsx', 'zip'] as const;
/** File extensions accepted for the CSV data sets of an import (SPEC 3 "Import data"). */
export const CSV_UPLOAD_EXTENSIONS = ['csv'] as const;

/** How long a toast stays before vanishing (SPEC 2 "Shell"). */
export const TOAST_LIFETIME_MS = 5000;
/** Delay before the action panel closes after a successful submit (SPEC 4 "Action dialog flow"). */
export const ACTION_PANEL_CLOSE_DELAY_MS = 250;
/** Maximum width of a confirm modal, in pixels (SPEC 2 "Action dialogs"). */
export const CONFIRM_MODAL_MAX_WIDTH = 800;
/** Page reloads allowed when a route chunk fails to load (SPEC 2 "Shell"). */
export const LAZY_RELOAD_LIMIT = 3;
/** Delay after which the chunk reload counter in local storage is cleared (SPEC 2 "Shell"). */
export const LAZY_RELOAD_RESET_MS = 500;
/** Lifetime of a cached option list per source address (SPEC 7). */
export const OPTION_CACHE_TTL_MS = 60_000;
/** Rich-text edits closer together than this merge into one undo step. */
export const UNDO_MERGE_MS = 1000;
/** URL hash that opens the search box (SPEC 2 "Shell"). */
export const SEARCH_OPEN_HASH = 'search-open';
/** Copyright year shown in the footer (SPEC 1). */
export const COPYRIGHT_YEAR = 2025;
