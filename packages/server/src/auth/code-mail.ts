import type { AppDeps } from '../platform/deps.ts';
import type { MailMessage } from '../platform/mail.ts';
import { type CodePurpose, issueCode } from './codes.ts';

/**
 * Issues a one-time code for the user and queues the e-mail carrying it (marked secret), both through `deps`: in one
 * transaction when `deps` is an action's or `inMailTransaction`'s. Nothing is queued when the hourly limit of codes
 * is reached.
 */
export async function mailCode(
  deps: AppDeps,
  userId: string,
  purpose: CodePurpose,
  mail: (code: string) => MailMessage,
): Promise<void> {
  const code = await issueCode(deps.db, deps.clock, userId, purpose);
  if (code) await deps.mailer.send({ ...mail(code), secret: true });
}
