import type { CreditType, SolverProgress, SolverTaskStatus } from '@curlew/domain';
import type { ClearingResult, Instance } from '@curlew/matching';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import type { BuiltInstance } from './instance.types.ts';

/**
 * A solver task: one clearing of a round, run off the request path by whichever server process claims it
 * (`FOR UPDATE SKIP LOCKED`), kept alive by its lease; a task whose lease ran out is claimed again.
 */
export const solverTasks = pgTable(
  'solver_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    status: text().$type<SolverTaskStatus>().notNull().default('Queued'),
    instance: jsonb().$type<Instance>().notNull(),
    /** What the instance left out and how its entries map back to the round's records. */
    mapping: jsonb().$type<Omit<BuiltInstance, 'instance'>>().notNull(),
    result: jsonb().$type<ClearingResult>(),
    engineVersion: text().notNull(),
    timeLimitSeconds: integer().notNull(),
    progress: jsonb().$type<SolverProgress>(),
    /** Why it failed or was cancelled. */
    reason: text(),
    cancelRequested: boolean().notNull().default(false),
    /** How many times a runner claimed it. */
    attempts: integer().notNull().default(0),
    leaseOwner: text(),
    leaseExpiresAt: at(),
    heartbeatAt: at(),
    queuedAt: at().notNull(),
    startedAt: at(),
    finishedAt: at(),
  },
  (table) => [
    index('solver_tasks_round_idx').on(table.marketRoundId),
    index('solver_tasks_status_idx').on(table.status, table.queuedAt),
  ],
);

/** A stored solver task row. */
export type SolverTaskRow = typeof solverTasks.$inferSelect;

/** An accepted flow: units (2 decimals) of one project service in one delivery year to one requirement credit. */
export const allocations = pgTable(
  'allocations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    solverTaskId: uuid()
      .notNull()
      .references(() => solverTasks.id),
    projectId: uuid().notNull(),
    serviceId: uuid().notNull(),
    requirementId: uuid().notNull(),
    requirementCreditId: uuid(),
    year: integer().notNull(),
    units: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    multiplier: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull(),
    /** Clearing: made by AcceptMatch; Reserve: made by market balancing from a reserved credit. */
    origin: text().$type<AllocationOrigin>().notNull().default('Clearing'),
    /** The reserved credit that supplies it (origin Reserve). */
    reservedCreditId: uuid(),
    /** The failed allocation it makes good (origin Reserve). */
    replacesAllocationId: uuid(),
    /** When its project failed irrevocably before the units were delivered. */
    failedAt: at(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('allocations_round_idx').on(table.marketRoundId),
    index('allocations_reserved_credit_idx').on(table.reservedCreditId),
    index('allocations_project_idx').on(table.projectId),
    index('allocations_requirement_idx').on(table.requirementId),
    index('allocations_requirement_credit_idx').on(table.requirementCreditId),
  ],
);

/** Units held back for the market's reserve from an accepted round (registry/reserve). */
export const reservedCredits = pgTable(
  'reserved_credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    projectId: uuid().notNull(),
    serviceId: uuid().notNull(),
    creditType: text().$type<CreditType>().notNull(),
    year: integer().notNull(),
    units: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    createdAt: at().notNull(),
  },
  (table) => [index('reserved_credits_round_idx').on(table.marketRoundId)],
);

/** Where an allocation's units come from. */
type AllocationOrigin = 'Clearing' | 'Reserve';

/** What a requirement pays or a project receives in an accepted round, in integer pence (fees inside). */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketRoundId: uuid()
      .notNull()
      .references(() => marketRounds.id),
    party: text().$type<'project' | 'requirement'>().notNull(),
    partyId: uuid().notNull(),
    /** Paid by a requirement, or received by a project. */
    amountPence: integer().notNull(),
    /** For a project: the market operator fee and monitoring costs inside what it receives. */
    feesPence: integer().notNull().default(0),
    createdAt: at().notNull(),
  },
  (table) => [
    index('payments_round_idx').on(table.marketRoundId),
    index('payments_party_idx').on(table.party, table.partyId),
  ],
);
