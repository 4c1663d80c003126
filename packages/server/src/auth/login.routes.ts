import {
  type CurrentUser,
  checkTotpSchema,
  LENGTH_LIMITS,
  type LoginChallenge,
  type LoginInput,
  loginSchema,
  newPasswordSchema,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { inMailTransaction } from '../platform/mail.transaction.ts';
import { resetMail } from './auth.mails.ts';
import { users } from './auth.tables.ts';
import { closeChallenge, findChallenge, openChallenge } from './challenges.ts';
import { mailCode } from './code-mail.ts';
import { isKnownDevice, rememberDevice } from './devices.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, endSession, startSession } from './sessions.ts';
import { assertMayGuess, recordAttempt } from './throttle.ts';
import { sha256 } from './tokens.ts';
import { acceptTotpCode } from './totp.ts';
import { findUserById, findUserByLogin, presentCurrentUser, type UserRow } from './users.repo.ts';

/** What login, new-password and checkTOTP answer. */
interface LoginAnswer {
  challenge?: LoginChallenge;
  user?: CurrentUser;
}

const INCORRECT = 'Incorrect username or password';

/** The challenge a correct password leads to, in the order SPEC 4 lists them; undefined means signed in. */
const challengeFor = (user: UserRow): LoginChallenge | undefined => {
  if (!user.confirmed) return 'USER_NOT_CONFIRMED';
  if (user.resetRequired) return 'PASSWORD_RESET_REQUIRED';
  if (user.mustChangePassword) return 'NEW_PASSWORD_REQUIRED';
  if (user.totpEnabled) return 'SOFTWARE_TOKEN_MFA';
  return undefined;
};

/**
 * The login form's values; a form the schema refuses (e.g. a megabyte username) is answered 422 but still
 * counted as a failed guess from the address, so such requests are throttled like any other.
 */
async function parseLogin(deps: AppDeps, request: FastifyRequest): Promise<LoginInput> {
  try {
    return loginSchema.parse(request.body);
  } catch (error) {
    const body: unknown = request.body;
    const typed = typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
    if (typeof typed === 'string' && typed.length > LENGTH_LIMITS.email) {
      const subject = { kind: 'password' as const, accountKey: `oversized:${sha256(typed)}`, ip: request.ip };
      await assertMayGuess(deps, request, subject);
      await recordAttempt(deps, request, { ...subject, success: false, challenge: 'INVALID_FORM' });
    }
    throw error;
  }
}

/** Login, new-password, checkTOTP and logout. */
export async function registerLoginRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
  ): Promise<LoginAnswer> => {
    await startSession(deps, request, reply, userId);
    const user = await findUserById(deps.db, userId);
    if (!user) throw new AppError('unauthenticated', 'Your account no longer exists');
    rememberDevice(request, reply, user, deps.clock());
    return { user: presentCurrentUser(user) };
  };

  app.post('/api/auth/login', async (request, reply): Promise<LoginAnswer> => {
    const input = await parseLogin(deps, request);
    const user = await findUserByLogin(deps.db, input.username);
    const subject = {
      kind: 'password' as const,
      accountKey: user?.id ?? `name:${input.username.toLowerCase()}`,
      ip: request.ip,
      username: input.username,
      userId: user?.id,
    };
    await assertMayGuess(deps, request, subject, { knownDevice: isKnownDevice(request, user, deps.clock()) });
    const correct = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !correct) {
      await recordAttempt(deps, request, { ...subject, success: false });
      throw new AppError('invalid_credentials', INCORRECT);
    }
    if (user.disabled) {
      await recordAttempt(deps, request, { ...subject, success: false, challenge: 'USER_DISABLED' });
      throw new AppError('forbidden', 'This account has been disabled');
    }
    const challenge = challengeFor(user);
    await recordAttempt(deps, request, { ...subject, success: true, challenge });
    if (challenge === 'NEW_PASSWORD_REQUIRED' || challenge === 'SOFTWARE_TOKEN_MFA') {
      await openChallenge(deps, request, reply, user.id, challenge);
      return { challenge };
    }
    if (challenge === 'PASSWORD_RESET_REQUIRED') {
      await inMailTransaction(deps, (inTx) =>
        mailCode(inTx, user.id, 'reset', (code) =>
          resetMail(user.email, user.username, code, deps.config.publicUrl),
        ),
      );
      return { challenge };
    }
    if (challenge === 'USER_NOT_CONFIRMED') return { challenge };
    return signIn(request, reply, user.id);
  });

  app.post('/api/auth/new-password', async (request, reply): Promise<LoginAnswer> => {
    const input = newPasswordSchema.parse(request.body);
    const open = await findChallenge(deps, request, 'NEW_PASSWORD_REQUIRED');
    assertAcceptablePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const [user] = await deps.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: deps.clock() })
      .where(eq(users.id, open.userId))
      .returning();
    await endAllSessions(deps.db, open.userId);
    await closeChallenge(deps, reply, open);
    if (!user) throw new AppError('unauthenticated', 'Your account no longer exists');
    request.log.info({ event: 'password_changed', userId: user.id, via: 'new-password' }, 'password changed');
    if (user.totpEnabled) {
      await openChallenge(deps, request, reply, user.id, 'SOFTWARE_TOKEN_MFA');
      return { challenge: 'SOFTWARE_TOKEN_MFA' };
    }
    return signIn(request, reply, user.id);
  });

  app.post('/api/auth/checkTOTP', async (request, reply): Promise<LoginAnswer> => {
    const input = checkTotpSchema.parse(request.body);
    const open = await findChallenge(deps, request, 'SOFTWARE_TOKEN_MFA');
    const subject = { kind: 'totp' as const, accountKey: open.userId, ip: request.ip, userId: open.userId };
    await assertMayGuess(deps, request, subject);
    const user = await findUserById(deps.db, open.userId);
    const counter =
      user?.totpEnabled && user.totpSecret
        ? acceptTotpCode(user.totpSecret, input.code, deps.clock(), user.totpLastCounter)
        : null;
    await recordAttempt(deps, request, { ...subject, username: user?.username, success: counter !== null });
    if (!user || counter === null) throw new AppError('invalid_code', 'Invalid code');
    await deps.db.update(users).set({ totpLastCounter: counter }).where(eq(users.id, user.id));
    await closeChallenge(deps, reply, open);
    return signIn(request, reply, user.id);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(deps, request, reply);
    return {};
  });
}
