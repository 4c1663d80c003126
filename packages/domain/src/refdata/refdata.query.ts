import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../lists/page.ts';

/** Largest page a reference-data list answers (the settings pages pick from long lists). */
export const REFDATA_MAX_PAGE_SIZE = 500;

const wholeNumberText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'Must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `Must be at least ${min}` })
        .max(max, { error: `Must be at most ${max}` }),
    )
    .optional()
    .transform((value) => value ?? fallback);

/**
 * Query of a reference-data list (SPEC 7: optional active-only flag): `active=true` keeps active items,
 * `q` searches names (and codes), `sort`/`order` choose the column, `page`/`pageSize` the slice.
 */
export const refDataListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
  sort: z.string().trim().max(50).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }).default('asc'),
  page: wholeNumberText(1, 100_000, 1),
  pageSize: wholeNumberText(1, REFDATA_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});
/** A parsed list query. */
export type RefDataListQuery = z.output<typeof refDataListQuerySchema>;

/** What happened to one line of an NCA import. */
export interface NcaImportLine {
  /** Line number in the file, the header being line 1. */
  line: number;
  number: number;
  name: string;
  outcome: 'created' | 'updated' | 'unchanged';
}

/** The answer of a successful NCA import. */
export interface NcaImportReport {
  message: string;
  created: number;
  updated: number;
  unchanged: number;
  lines: NcaImportLine[];
}

/** What happened to one line of an NCA neighbours import. */
export interface NcaNeighbourImportLine {
  /** Line number in the file, the header being line 1. */
  line: number;
  nca: number;
  neighbour: number;
  outcome: 'created' | 'unchanged';
}

/** The answer of a successful NCA neighbours import. */
export interface NcaNeighbourImportReport {
  message: string;
  created: number;
  unchanged: number;
  lines: NcaNeighbourImportLine[];
}

/** The path of an import error: `lines.{line}.{column}` (or `lines.{line}` for the whole line, `file`). */
export const importErrorPath = (line: number, column?: string): string =>
  column ? `lines.${line}.${column}` : `lines.${line}`;
