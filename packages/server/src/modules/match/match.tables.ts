import type { SolverProgress, SolverTaskStatus } from '@curlew/domain';
import type { ClearingResult, Instance } from '@curlew/matching';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { marketRounds } from '../markets/markets.tables.ts';
import type { BuiltInstance } from './instance.types.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

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
