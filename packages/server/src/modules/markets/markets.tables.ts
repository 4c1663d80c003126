import type {
  BidderType,
  CreditType,
  DeclarationCategory,
  MarketRoundStatus,
  ParticipationCapacity,
  RegistrationPeriod,
  RegistrationStatus,
  RegistrationWindow,
  ReserveAppliesTo,
} from '@curlew/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { declarations } from '../refdata/refdata.tables.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

const ids = () => uuid().array().notNull().default(sql`'{}'::uuid[]`);

/** Markets run by the operator: where they trade, the buyers' share of the surplus and the default reserve. */
export const markets = pgTable('markets', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  description: text(),
  region: text(),
  buyerShareOfSurplus: numeric({ mode: 'number' }).notNull().default(0.5),
  defaultReservePercentage: numeric({ mode: 'number' }),
  createdAt: at().notNull(),
  updatedAt: at().notNull(),
});

/** Market rounds (SPEC 3 "Market round"): services and places, bidders, AMP end, windows and reserve. */
export const marketRounds = pgTable(
  'market_rounds',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id),
    name: text().notNull(),
    status: text().$type<MarketRoundStatus>().notNull().default('Draft'),
    services: text().array().$type<CreditType[]>().notNull().default(sql`'{}'::text[]`),
    standardIds: ids(),
    projectTypeIds: ids(),
    ncaIds: ids(),
    lpaIds: ids(),
    subcatchmentIds: ids(),
    bidderType: text().$type<BidderType>().notNull().default('BuyersAndInvestors'),
    ampEnd: date({ mode: 'string' }),
    /** The four registration windows (suppliers, buyers, projects, requirements), ISO dates. */
    registrationDates: jsonb()
      .$type<Partial<Record<RegistrationPeriod, RegistrationWindow>>>()
      .notNull()
      .default({}),
    reservePercentage: numeric({ mode: 'number' }),
    reserveAppliesTo: text().$type<ReserveAppliesTo>(),
    reserveAgreedWithEMB: boolean().notNull().default(false),
    solverTimeLimitSeconds: integer().notNull().default(120),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [index('market_rounds_market_idx').on(table.marketId)],
);

/**
 * An organisation's part in a round in one capacity: ExpressInterest records it as Interested,
 * RegisterAsParticipant as Provisional; the round's own actions take it further.
 */
export const participations = pgTable(
  'participations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    capacity: text().$type<ParticipationCapacity>().notNull(),
    status: text().$type<RegistrationStatus>().notNull(),
    /** The agent that registered it for its client, if any. */
    agentOrganisationId: uuid().references(() => organisations.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('participations_round_organisation_capacity_idx').on(
      table.marketRoundId,
      table.organisationId,
      table.capacity,
    ),
    index('participations_organisation_idx').on(table.organisationId),
  ],
);

/** The declarations a round asks, from reference data, each by its category and audience. */
export const roundDeclarations = pgTable(
  'round_declarations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id, { onDelete: 'cascade' }),
    declarationId: uuid()
      .notNull()
      .references(() => declarations.id),
    category: text().$type<DeclarationCategory>().notNull(),
    createdAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('round_declarations_round_declaration_idx').on(table.marketRoundId, table.declarationId),
  ],
);
