import type {
  BidderType,
  CreditType,
  DeclarationCategory,
  MarketRoundStatus,
  RegistrationPeriod,
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';
import { markets } from '../markets/markets.tables.ts';
import { declarations } from '../refdata/refdata.tables.ts';

const ids = () => uuid().array().notNull().default(sql`'{}'::uuid[]`);

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
