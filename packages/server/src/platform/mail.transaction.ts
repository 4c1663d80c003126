import type { AppDeps } from './deps.ts';
import { outboxMailer } from './mail.ts';

/**
 * Runs `work` in one transaction with `deps` bound to it: what it writes and the e-mails it queues commit together
 * (or not at all); the outbox sender is woken once it commits. For routes outside the action runner (sign-in,
 * sign-up), which gives actions the same.
 */
export async function inMailTransaction<T>(deps: AppDeps, work: (deps: AppDeps) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await deps.db.transaction((tx) =>
    work({
      ...deps,
      db: tx,
      mailer: outboxMailer(tx, deps.clock, () => {
        queued = true;
      }),
    }),
  );
  if (queued) deps.wakeMailSender();
  return result;
}
