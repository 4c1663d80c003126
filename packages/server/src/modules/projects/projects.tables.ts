import type {
  CertificationDecision,
  Condition,
  CreditDuration,
  CreditType,
  Distinctiveness,
  MetricDifficulty,
  Module,
  ProjectOutcome,
  ProjectStatus,
  ServiceCertificationStatus,
  SizeUnit,
  StrategicSignificance,
} from '@curlew/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projectGroups } from '../project-groups/project-groups.tables.ts';
import { lpas, ncas, projectTypes, standards, subcatchments } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

const amount = () => numeric({ mode: 'number' });

/** Who assessed and reviewed a certification decision (SPEC 3 "Certification decision"). */
interface CertificationRecord {
  assessedByName: string;
  assessedByOrg: string;
  assessedByPosition: string;
  assessedDate: string;
  reviewedByName: string;
  reviewedByOrg: string;
  reviewedByPosition: string;
  reviewedDate: string;
}

/**
 * Projects (SPEC 3 "Project"): the supplier's land, its round, location, biodiversity supply, costs and the sealed
 * offer. The credit types of its services are kept beside it (`serviceTypes`) for the list's filter and column.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    status: text().$type<ProjectStatus>().notNull().default('Draft'),
    supplierId: uuid()
      .notNull()
      .references(() => organisations.id),
    agentId: uuid().references(() => organisations.id),
    typeId: uuid().references(() => projectTypes.id),
    marketId: uuid().references(() => markets.id),
    marketRoundId: uuid().references(() => marketRounds.id),
    groupId: uuid().references((): AnyPgColumn => projectGroups.id, { onDelete: 'set null' }),
    isFixedTerm: boolean().notNull().default(false),
    mitigationDurations: text().array().$type<CreditDuration[]>().notNull().default(sql`'{}'::text[]`),
    serviceTypes: text().array().$type<CreditType[]>().notNull().default(sql`'{}'::text[]`),
    /** Location (Set location). */
    locationCreditTypes: text().array().$type<CreditType[]>(),
    lpaId: uuid().references(() => lpas.id),
    ncaId: uuid().references(() => ncas.id),
    subcatchmentId: uuid().references(() => subcatchments.id),
    nearAddress: text(),
    gridReference: text(),
    threeWords: text(),
    /** Biodiversity supply (Set biodiversity supply). */
    baselineUnitsLost: amount(),
    yearsToTargetCondition: integer(),
    gainsPerYear: jsonb().$type<number[]>(),
    /** Costs and fees in pounds (Set project costs and fees); never shown to an LPA. */
    maintenance: amount(),
    marketOperatorFee: amount(),
    complianceMonitoring: amount(),
    performanceMonitoring: amount(),
    /** The sealed offer in pounds: only the operator, the supplier and its agent with MakeOffersOrBids see it. */
    offer: amount(),
    offeredAt: at(),
    /** Set while the operator keeps the offer out of its round's clearing (ExcludeFromClearing): why and when. */
    clearingExclusionReason: text(),
    clearingExcludedAt: at(),
    /** Screening, review, verification and monitoring outcomes, oldest first. */
    outcomes: jsonb().$type<ProjectOutcome[]>().notNull().default([]),
    certification: jsonb().$type<CertificationRecord>(),
    /** The round in which the project was last certified, and whether it changed since (Complete registration may skip). */
    certifiedRoundId: uuid().references(() => marketRounds.id),
    changedSinceCertified: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    index('projects_name_idx').on(table.name, table.id),
    index('projects_status_name_idx').on(table.status, table.name),
    index('projects_round_name_idx').on(table.marketRoundId, table.name),
    index('projects_supplier_idx').on(table.supplierId),
    index('projects_type_idx').on(table.typeId),
    index('projects_lpa_idx').on(table.lpaId),
    index('projects_group_idx').on(table.groupId),
    index('projects_created_idx').on(table.createdAt),
    index('projects_service_types_idx').using('gin', table.serviceTypes),
    // Partial words and typos of the search and the list's contains-search (the full-text document is in the migration).
    index('projects_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** A project service: a credit it supplies (biodiversity habitat or nitrogen / phosphorus mitigation). */
export const projectServices = pgTable(
  'project_services',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text().$type<CreditType>().notNull(),
    status: text().$type<ServiceCertificationStatus>().notNull().default('Draft'),
    module: text().$type<Module>(),
    broadHabitat: text(),
    habitatType: text(),
    distinctiveness: text().$type<Distinctiveness>(),
    condition: text().$type<Condition>(),
    strategicSignificance: text().$type<StrategicSignificance>(),
    difficulty: text().$type<MetricDifficulty>(),
    size: amount(),
    sizeUnit: text().$type<SizeUnit>(),
    mitigationBegins: date({ mode: 'string' }).notNull(),
    creationDate: date({ mode: 'string' }),
    mitigationDuration: text().$type<CreditDuration>(),
    area: amount(),
    /** kg/yr supplied by a nutrient service. */
    units: amount(),
    /** Years the credit runs; null when permanent. */
    years: integer(),
    standardId: uuid().references(() => standards.id),
    decision: text().$type<CertificationDecision>(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [index('project_services_project_idx').on(table.projectId, table.type)],
);

/** The units a service supplies in each yearly period. */
export const projectServiceUnits = pgTable(
  'project_service_units',
  {
    id: uuid().primaryKey().defaultRandom(),
    serviceId: uuid()
      .notNull()
      .references(() => projectServices.id, { onDelete: 'cascade' }),
    start: date({ mode: 'string' }).notNull(),
    end: date({ mode: 'string' }).notNull(),
    units: amount().notNull(),
  },
  (table) => [index('project_service_units_service_idx').on(table.serviceId, table.start)],
);
