import type { CreditType } from '@curlew/domain';
import { index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';
import { allocations } from '../match/match.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** A move of credit units in the registry's ledger (totals over time per market, round and credit type). */
export type CreditEventKind =
  | 'Created'
  | 'Reserved'
  | 'Allocated'
  | 'Issued'
  | 'Redeemed'
  | 'Retired'
  | 'Failed'
  | 'Voided'
  | 'Replaced';

/**
 * The registry's ledger: every move of units, appended in the transaction that makes it (AcceptMatch writes
 * Created and Reserved; AllocateRights, IssueCredits, RedeemCredits and retire their kinds; market balancing
 * Failed and Replaced, and Voided for what a failed project's own reserved credits still held). Totals at any date
 * are sums up to that date.
 */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    kind: text().$type<CreditEventKind>().notNull(),
    creditType: text().$type<CreditType>().notNull(),
    units: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    requirementCreditId: uuid(),
    reservedCreditId: uuid(),
    projectId: uuid(),
    at: at().notNull(),
  },
  (table) => [
    index('credit_events_round_idx').on(table.marketRoundId, table.at),
    index('credit_events_requirement_credit_idx').on(table.requirementCreditId),
  ],
);

/** Units of a failed project's undelivered allocation that market balancing could not replace from the reserve. */
export const balancingShortfalls = pgTable(
  'balancing_shortfalls',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    allocationId: uuid()
      .notNull()
      .references(() => allocations.id),
    projectId: uuid().notNull(),
    requirementId: uuid().notNull(),
    requirementCreditId: uuid(),
    creditType: text().$type<CreditType>().notNull(),
    year: integer().notNull(),
    units: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    createdAt: at().notNull(),
  },
  (table) => [index('balancing_shortfalls_round_idx').on(table.marketRoundId)],
);
