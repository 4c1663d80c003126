import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable, Transaction } from '../db/connect.ts';

/** A step that reverses, outside the database, something a transaction did (e.g. removes stored bytes). */
type UndoStep = () => Promise<void>;

/** What the work of a unit of work may queue besides its queries. */
interface UnitOfWorkHooks {
  /** Runs a side effect once the transaction has committed (never when it rolls back). */
  afterCommit(effect: () => Promise<void>): void;
}

// Keyed by the transaction handle, so code that only holds `tx` (a repository storing a file) can enlist.
const undoStepsOf = new WeakMap<Queryable, UndoStep[]>();

/**
 * Registers `undo` to run if the unit of work of `tx` rolls back. Throws when `tx` is not the transaction of a unit
 * of work: what it undoes would otherwise outlive a rollback unnoticed.
 */
export function onRollback(tx: Queryable, undo: UndoStep): void {
  const steps = undoStepsOf.get(tx);
  if (!steps) throw new Error('Work outside the database must run in a unit of work (inUnitOfWork)');
  steps.push(undo);
}

/** Runs the undo steps, newest first; a step that fails is logged, never thrown, so the rollback's cause stands. */
async function undoAll(steps: readonly UndoStep[], log: FastifyBaseLogger): Promise<void> {
  for (const step of [...steps].reverse()) {
    try {
      await step();
    } catch (error) {
      log.error({ err: error }, 'Undoing work of a rolled-back transaction failed');
    }
  }
}

/**
 * Runs `work` in one transaction: effects queued with `afterCommit` run once it has committed, steps registered
 * with `onRollback` run when it rolls back (then its error is rethrown unchanged).
 */
export async function inUnitOfWork<T>(
  db: Database,
  log: FastifyBaseLogger,
  work: (tx: Transaction, hooks: UnitOfWorkHooks) => Promise<T>,
): Promise<T> {
  const effects: (() => Promise<void>)[] = [];
  const undoSteps: UndoStep[] = [];
  const hooks: UnitOfWorkHooks = {
    afterCommit(effect) {
      effects.push(effect);
    },
  };
  let result: T;
  try {
    result = await db.transaction((tx) => {
      undoStepsOf.set(tx, undoSteps);
      return work(tx, hooks);
    });
  } catch (error) {
    await undoAll(undoSteps, log);
    throw error;
  }
  for (const effect of effects) await effect();
  return result;
}
