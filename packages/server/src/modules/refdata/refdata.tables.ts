import type {
  DeclarationCategory,
  HabitatDistinctivenessBand,
  LpaAuthorityType,
  Module,
  SubcatchmentNutrient,
} from '@curlew/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';

const stamps = () => ({ createdAt: at().notNull().defaultNow(), updatedAt: at().notNull().defaultNow() });

/** Project types; the flag marks types that cannot keep the current project service. */
export const projectTypes = pgTable(
  'project_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    incompatibleWithCurrentService: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...stamps(),
  },
  (table) => [uniqueIndex('project_types_name_lower_idx').on(sql`lower(${table.name})`)],
);

/** Certification standards. */
export const standards = pgTable(
  'standards',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    ...stamps(),
  },
  (table) => [uniqueIndex('standards_name_lower_idx').on(sql`lower(${table.name})`)],
);

/** Versions of a standard, each with the date it takes effect. */
export const standardVersions = pgTable(
  'standard_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    standardId: uuid()
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    notes: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [uniqueIndex('standard_versions_label_idx').on(table.standardId, sql`lower(${table.version})`)],
);

/** National Character Areas, known by their Natural England number. */
export const ncas = pgTable(
  'ncas',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().notNull(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    ...stamps(),
  },
  (table) => [
    uniqueIndex('ncas_number_idx').on(table.number),
    check('ncas_number_check', sql`${table.number} > 0`),
  ],
);

/**
 * Neighbouring NCAs (sharing a boundary), each pair stored both ways so either side reads its neighbours; every
 * write adds or removes both rows together. Removing an NCA removes its pairs.
 */
export const ncaNeighbours = pgTable(
  'nca_neighbours',
  {
    ncaId: uuid()
      .notNull()
      .references(() => ncas.id, { onDelete: 'cascade' }),
    neighbourId: uuid()
      .notNull()
      .references(() => ncas.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ncaId, table.neighbourId] }),
    index('nca_neighbours_neighbour_idx').on(table.neighbourId),
    check('nca_neighbours_not_self_check', sql`${table.ncaId} <> ${table.neighbourId}`),
  ],
);

/** Local planning authorities (ONS E60 codes) with the district, park or corporation code behind them, and neighbours. */
export const lpas = pgTable(
  'lpas',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique('lpas_code_unique'),
    name: text().notNull(),
    authorityType: text().$type<LpaAuthorityType>().notNull(),
    ladCode: text(),
    current: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    /** Codes of the LPAs sharing a boundary with this one, longest shared boundary first (kept symmetric). */
    neighbourCodes: text().array().notNull().default(sql`'{}'::text[]`),
    ...stamps(),
  },
  (table) => [index('lpas_name_idx').on(table.name)],
);

/** Nutrient-neutrality subcatchments with the LPAs (E60 codes) they cover. */
export const subcatchments = pgTable(
  'subcatchments',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    nutrient: text().$type<SubcatchmentNutrient>().notNull(),
    designatedSites: text(),
    lpaCodes: text().array().notNull().default(sql`'{}'::text[]`),
    active: boolean().notNull().default(true),
    ...stamps(),
  },
  (table) => [uniqueIndex('subcatchments_name_lower_idx').on(sql`lower(${table.name})`)],
);

/** Declarations asked when registering, offering or bidding in a market round. */
export const declarations = pgTable(
  'declarations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    text: text().notNull(),
    category: text().$type<DeclarationCategory>().notNull(),
    isForAgents: boolean().notNull().default(false),
    isForParticipants: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...stamps(),
  },
  (table) => [
    index('declarations_category_idx').on(table.category),
    check('declarations_audience_check', sql`${table.isForAgents} or ${table.isForParticipants}`),
  ],
);

/** Statutory biodiversity metric habitat types (read-only). */
export const habitats = pgTable(
  'habitats',
  {
    id: uuid().primaryKey().defaultRandom(),
    module: text().$type<Module>().notNull(),
    broadHabitat: text(),
    habitatType: text().notNull(),
    distinctiveness: text().$type<HabitatDistinctivenessBand>().notNull(),
    distinctivenessScore: integer().notNull(),
    tradingRule: text().notNull(),
  },
  (table) => [
    uniqueIndex('habitats_identity_idx').on(
      table.module,
      sql`coalesce(${table.broadHabitat}, '')`,
      table.habitatType,
    ),
    index('habitats_broad_idx').on(table.module, table.broadHabitat),
  ],
);

/** Which seed data sets have been loaded; each loads once, so the operator's later edits and removals stay. */
export const referenceDataSeeds = pgTable('reference_data_seeds', {
  name: text().primaryKey(),
  rowCount: integer().notNull(),
  seededAt: at().notNull().defaultNow(),
});
