import type {
  CreditRequirementStatus,
  CreditRequirementType,
  CreditStatus,
  CreditType,
  Distinctiveness,
  Module,
  NutrientRequirementType,
} from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/**
 * Credit requirements (SPEC 3 "Credit requirement"): a buyer's credits and development, or an investor's credits
 * and location. `lpaId`, `ncaId` and `redemptionDate` hold the development's (buyers) or the location's and the
 * credits' (investors). `creditTypes` and `units` summarise the requirement's credit lines for the list; they are
 * written with the lines. The bid lives apart, in `requirement_bids`.
 */
export const creditRequirements = pgTable(
  'credit_requirements',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: text().$type<CreditRequirementType>().notNull(),
    status: text().$type<CreditRequirementStatus>().notNull().default('Draft'),
    buyerId: uuid()
      .notNull()
      .references(() => organisations.id),
    /** The owner's name, kept with the owner's (written on create and when the organisation is renamed) for the list's sort. */
    buyerName: text().notNull().default(''),
    agentId: uuid().references(() => organisations.id),
    marketId: uuid().references(() => markets.id),
    marketRoundId: uuid().references(() => marketRounds.id),
    /** Buyer credits. */
    creditType: text().$type<CreditType>(),
    nutrientType: text().$type<NutrientRequirementType>(),
    nutrientOngoingUnits: numeric({ mode: 'number' }),
    nutrientAdditionalUnits: numeric({ mode: 'number' }),
    nutrientAcceptOngoingOnly: boolean(),
    bioBroadHabitat: text(),
    bioHabitatType: text(),
    bioDistinctiveness: text().$type<Distinctiveness>(),
    bioUnits: numeric({ mode: 'number' }),
    bioIsDivisible: boolean(),
    /** Buyer development (the LPA sees it). */
    developmentCreditType: text().$type<CreditType>(),
    planningRef: text(),
    redemptionDate: date({ mode: 'string' }),
    lpaId: uuid().references(() => lpas.id),
    ncaId: uuid().references(() => ncas.id),
    subcatchmentId: uuid().references(() => subcatchments.id),
    nearAddress: text(),
    gridReference: text(),
    threeWords: text(),
    localOnly: boolean().notNull().default(false),
    /** Investor credits. */
    investorUnits: numeric({ mode: 'number' }),
    investorIsDivisible: boolean(),
    investorModule: text().$type<Module>(),
    investorDistinctiveness: text().$type<Distinctiveness>(),
    investorBroadHabitat: text(),
    /** Asked for high and very high distinctiveness; null otherwise. */
    investorHabitatType: text(),
    /** Set while the operator keeps the bid out of its round's clearing (ExcludeFromClearing): why and when. */
    clearingExclusionReason: text(),
    clearingExcludedAt: at(),
    /** The credit types of its lines (CREDIT_TYPES order) and their total units. */
    creditTypes: text().array().$type<CreditType[]>().notNull().default(sql`'{}'::text[]`),
    units: numeric({ mode: 'number' }).notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    index('credit_requirements_buyer_idx').on(table.buyerId),
    index('credit_requirements_round_idx').on(table.marketRoundId, table.createdAt, table.id),
    index('credit_requirements_status_idx').on(table.status, table.createdAt, table.id),
    index('credit_requirements_lpa_idx').on(table.lpaId),
    index('credit_requirements_created_idx').on(table.createdAt, table.id),
    index('credit_requirements_name_idx').on(table.name, table.id),
    // GIN indexes without a pending list: PGlite has no autovacuum to merge it, and a long list slows every search.
    index('credit_requirements_credit_types_idx').using('gin', table.creditTypes).with({ fastupdate: false }),
    index('credit_requirements_buyer_name_idx').on(table.buyerName, table.id),
    // Trigram indexes answer the list's contains-search (ILIKE '%q%') on name and planning reference.
    index('credit_requirements_name_trgm_idx')
      .using('gin', table.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('credit_requirements_planning_ref_trgm_idx')
      .using('gin', table.planningRef.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** One line of a requirement: a credit it needs, moving with the requirement (MARKET.md section 2). */
export const requirementCredits = pgTable(
  'requirement_credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    requirementId: uuid()
      .notNull()
      .references(() => creditRequirements.id, { onDelete: 'cascade' }),
    type: text().$type<CreditType>().notNull(),
    status: text().$type<CreditStatus>().notNull().default('Draft'),
    requiredUnits: numeric({ mode: 'number' }).notNull(),
    /** Units allocated at AcceptMatch; null before. */
    actualUnits: numeric({ mode: 'number' }),
    isPermanent: boolean().notNull(),
    /** Years the credit runs (null: permanent). */
    years: integer(),
    position: integer().notNull().default(0),
  },
  (table) => [index('requirement_credits_requirement_idx').on(table.requirementId, table.position)],
);

/** The sealed bid of a requirement (SPEC 3 "Bid"): read only for the operator, the owner and its bidding agent. */
export const requirementBids = pgTable('requirement_bids', {
  requirementId: uuid()
    .primaryKey()
    .references(() => creditRequirements.id, { onDelete: 'cascade' }),
  bid: numeric({ mode: 'number' }).notNull(),
  acceptOngoingOnly: boolean().notNull().default(false),
  bidOngoingOnly: numeric({ mode: 'number' }),
  setBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at().notNull(),
});
