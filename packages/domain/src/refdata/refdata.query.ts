import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { DEFAULT_PAGE_SIZE } from '../lists/paging.ts';
import { DECLARATION_CATEGORIES } from '../vocab/market.ts';
import { habitatQuerySchema } from './habitat.schema.ts';
import { LPA_AUTHORITY_TYPES } from './refdata.schema.ts';

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

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The query of one kind's settings list (`GET /api/settings/{type}`) for its sort keys: the list query with the
 * active-only flag (SPEC 7) and pages of up to REFDATA_MAX_PAGE_SIZE items.
 */
const settingsListQuery = <const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaultSort: Keys[number],
) =>
  listQuerySchema(sortKeys, defaultSort).extend({
    active: refDataListQuerySchema.shape.active,
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(REFDATA_MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    ),
  });

const TIMESTAMPED = ['active', 'updatedAt'] as const;

/** `GET /api/settings/project-types`. */
export const projectTypeListQuerySchema = settingsListQuery(
  ['name', 'incompatibleWithCurrentService', ...TIMESTAMPED],
  'name',
);
/** `GET /api/settings/standards`. */
export const standardListQuerySchema = settingsListQuery(['name', ...TIMESTAMPED], 'name');
/** `GET /api/settings/ncas`. */
export const ncaListQuerySchema = settingsListQuery(['number', 'name', ...TIMESTAMPED], 'number');
/** `GET /api/settings/lpas`: `current=true` keeps current LPAs; `authorityType` one kind of authority. */
export const lpaListQuerySchema = settingsListQuery(
  ['code', 'name', 'authorityType', 'ladCode', 'current', 'active'],
  'name',
).extend({
  current: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
  authorityType: z.enum(LPA_AUTHORITY_TYPES).optional(),
});
/** `GET /api/settings/subcatchments`: `lpa` keeps the subcatchments reaching into an LPA (by code). */
export const subcatchmentListQuerySchema = settingsListQuery(
  ['name', 'nutrient', ...TIMESTAMPED],
  'name',
).extend({ lpa: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()) });
/** `GET /api/settings/declarations`: one category, or those asked of agents or of participants (`for`). */
export const declarationListQuerySchema = settingsListQuery(
  ['name', 'category', 'isForAgents', 'isForParticipants', ...TIMESTAMPED],
  'name',
).extend({
  category: z.preprocess(blankToUndefined, z.enum(DECLARATION_CATEGORIES).optional()),
  for: z.preprocess(blankToUndefined, z.enum(['agents', 'participants']).optional()),
});
/** `GET /api/settings/habitats`: habitat types of a module and broad habitat. */
export const habitatListQuerySchema = settingsListQuery(
  ['module', 'broadHabitat', 'habitatType', 'distinctiveness'],
  'broadHabitat',
).extend({
  module: z.preprocess(blankToUndefined, habitatQuerySchema.shape.module),
  broadHabitat: z.preprocess(blankToUndefined, habitatQuerySchema.shape.broadHabitat),
});

export type ProjectTypeListQuery = z.output<typeof projectTypeListQuerySchema>;
export type StandardListQuery = z.output<typeof standardListQuerySchema>;
export type NcaListQuery = z.output<typeof ncaListQuerySchema>;
export type LpaListQuery = z.output<typeof lpaListQuerySchema>;
export type SubcatchmentListQuery = z.output<typeof subcatchmentListQuerySchema>;
export type DeclarationListQuery = z.output<typeof declarationListQuerySchema>;
export type HabitatListQuery = z.output<typeof habitatListQuerySchema>;

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
