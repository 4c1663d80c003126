import {
  type AnyActionDefinition,
  activeValues,
  InvalidStatusError,
  type JsonValue,
  toFieldErrors,
} from '@curlew/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/connect.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { outboxMailer } from '../mail.ts';
import { assertFilesMatchFields, type Submission } from './submission.ts';
import type { Actor, HandlerContextBase } from './types.ts';
import { inUnitOfWork } from './unit-of-work.ts';

/** Who calls the runner: the application, the signed-in user and the request's log. */
export interface RunnerCall {
  deps: AppDeps;
  actor: Actor;
  log: FastifyBaseLogger;
}

/** Parses the values with the action's schema (inactive fields left out); 422 with every field error. */
export const parseValues = (definition: AnyActionDefinition, submission: Submission): unknown => {
  assertFilesMatchFields(definition.fields, submission.files);
  const parsed = definition.input.safeParse(activeValues(definition.fields, submission.values));
  if (!parsed.success) {
    const errors = toFieldErrors(parsed.error);
    throw new AppError('validation', errors[0]?.message ?? 'Invalid submission', { errors });
  }
  return parsed.data;
};

/**
 * Runs `work` in one unit of work with a handler context: e-mails are stored in its transaction, and what a rollback leaves
 * outside the database (stored bytes) is undone. A refused status change thrown by domain code becomes 409
 * invalid_status.
 */
export async function inTransaction<T>(
  call: RunnerCall,
  work: (
    tx: Transaction,
    base: Omit<HandlerContextBase<unknown>, 'values' | 'files'>,
    details: Record<string, JsonValue>,
  ) => Promise<T>,
): Promise<T> {
  try {
    return await inUnitOfWork(call.deps.db, call.log, (tx, { afterCommit }) => {
      const details: Record<string, JsonValue> = {};
      // A transaction is a full query interface of the same schema; handlers reuse helpers written for a Database.
      const db: Database = tx;
      // E-mails are stored in the action's transaction; the sender is woken once it commits.
      let queued = false;
      const mailer = outboxMailer(tx, call.deps.clock, () => {
        if (queued) return;
        queued = true;
        afterCommit(async () => call.deps.wakeMailSender());
      });
      const deps: AppDeps = { ...call.deps, db, mailer };
      const base = {
        deps,
        tx,
        actor: call.actor,
        now: call.deps.clock(),
        afterCommit,
        describe: (more: Record<string, JsonValue>) => Object.assign(details, more),
      };
      return work(tx, base, details);
    });
  } catch (error) {
    if (error instanceof InvalidStatusError) throw new AppError('invalid_status', error.message);
    throw error;
  }
}

export const actorOf = (actor: Actor) => ({
  id: actor.id,
  displayName: actor.displayName,
  organisationId: actor.organisationId,
});
