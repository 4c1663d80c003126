import {
  completeInvitationSchema,
  confirmSignUpSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { inMailTransaction } from '../platform/mail.transaction.ts';
import { confirmationMail, resetMail } from './auth.mails.ts';
import { users } from './auth.tables.ts';
import { mailCode } from './code-mail.ts';
import { type CodePurpose, useCode, useInvitationCode } from './codes.ts';
import { MIN_ANSWER_MS, withMinimumDuration } from './parity.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';
import { registerSignUpRoute } from './sign-up.routes.ts';
import { assertMayGuess, recordAttempt } from './throttle.ts';
import { findUserByEmail, findUserByLogin, type UserRow } from './users.repo.ts';

const INVALID_CODE = 'Invalid or expired code';

/**
 * Checks an e-mailed code for the user (throttled per account and IP, every try recorded);
 * 400 invalid_code when the user is unknown or the code is wrong, expired, used or void.
 */
async function assertCode(
  deps: AppDeps,
  request: FastifyRequest,
  user: UserRow | undefined,
  typed: string,
  purpose: CodePurpose,
  code: string,
): Promise<UserRow> {
  const subject = {
    kind: 'code' as const,
    accountKey: user?.id ?? `name:${typed.toLowerCase()}`,
    ip: request.ip,
    username: typed,
    userId: user?.id,
  };
  await assertMayGuess(deps, request, subject);
  const valid = user ? await useCode(deps.db, deps.clock, user.id, purpose, code) : false;
  await recordAttempt(deps, request, { ...subject, success: valid, challenge: purpose });
  if (!user || !valid) throw new AppError('invalid_code', INVALID_CODE);
  return user;
}

/** Sets a new password chosen with an e-mailed code; ends every session of the user. */
async function setPasswordAfterCode(deps: AppDeps, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db
    .update(users)
    .set({
      passwordHash,
      confirmed: true,
      mustChangePassword: false,
      resetRequired: false,
      updatedAt: deps.clock(),
    })
    .where(eq(users.id, userId));
  await endAllSessions(deps.db, userId);
}

/** Sign-up and its confirmation, password reset by code, and completing an invitation. */
export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  await registerSignUpRoute(app);

  app.post('/api/auth/confirm-sign-up', async (request) => {
    const input = confirmSignUpSchema.parse(request.body);
    const user = await findUserByEmail(deps.db, input.email);
    await assertCode(deps, request, user, input.email, 'confirm', input.code);
    if (user)
      await deps.db
        .update(users)
        .set({ confirmed: true, updatedAt: deps.clock() })
        .where(eq(users.id, user.id));
    return {};
  });

  // Both answer {} in the same minimum time whether or not the account exists (no account enumeration), and
  // whatever the mail server does: the e-mail is only stored here, the outbox sender delivers it.
  app.post('/api/auth/resend-confirmation', async (request) => {
    const input = resendConfirmationSchema.parse(request.body);
    return withMinimumDuration(MIN_ANSWER_MS.reset, async () => {
      const user = await findUserByEmail(deps.db, input.email);
      if (user && !user.confirmed && !user.disabled) {
        await inMailTransaction(deps, (inTx) =>
          mailCode(inTx, user.id, 'confirm', (code) =>
            confirmationMail(user.email, code, deps.config.publicUrl),
          ),
        );
      }
      return {};
    });
  });

  app.post('/api/auth/reset-password', async (request) => {
    const input = resetPasswordSchema.parse(request.body);
    return withMinimumDuration(MIN_ANSWER_MS.reset, async () => {
      const user = await findUserByLogin(deps.db, input.username);
      if (user && !user.disabled) {
        await inMailTransaction(deps, (inTx) =>
          mailCode(inTx, user.id, 'reset', (code) =>
            resetMail(user.email, user.username, code, deps.config.publicUrl),
          ),
        );
      }
      request.log.info({ event: 'password_reset_requested', userId: user?.id, known: user !== undefined });
      return {};
    });
  });

  app.post('/api/auth/update-password', async (request) => {
    const input = updatePasswordSchema.parse(request.body);
    assertAcceptablePassword(input.password);
    const user = await findUserByLogin(deps.db, input.username);
    const verified = await assertCode(deps, request, user, input.username, 'reset', input.code);
    await setPasswordAfterCode(deps, verified.id, input.password);
    request.log.info({ event: 'password_changed', userId: verified.id, via: 'reset' }, 'password changed');
    return {};
  });

  app.post('/api/auth/complete-invitation', async (request) => {
    const input = completeInvitationSchema.parse(request.body);
    assertAcceptablePassword(input.password);
    let userId: string;
    if (input.username) {
      const user = await findUserByLogin(deps.db, input.username);
      userId = (await assertCode(deps, request, user, input.username, 'invite', input.code)).id;
    } else {
      // Without a username the code alone identifies the invitation, so a guess is aimed at every open
      // invitation at once: such guesses share one account-like wait (whatever the address) besides the address's.
      const subject = { kind: 'code' as const, accountKey: 'invitation:unnamed', ip: request.ip };
      await assertMayGuess(deps, request, subject);
      const found = await useInvitationCode(deps.db, deps.clock, input.code);
      await recordAttempt(deps, request, { ...subject, userId: found ?? undefined, success: found !== null });
      if (!found) throw new AppError('invalid_code', INVALID_CODE);
      userId = found;
    }
    await setPasswordAfterCode(deps, userId, input.password);
    request.log.info({ event: 'invitation_completed', userId }, 'invitation completed');
    return {};
  });
}
