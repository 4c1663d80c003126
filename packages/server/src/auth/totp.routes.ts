import { checkTotpSchema } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { users } from './auth.tables.ts';
import { requireSession } from './guard.ts';
import type { SessionUser } from './sessions.ts';
import { assertMayGuess, recordAttempt } from './throttle.ts';
import { acceptTotpCode, newTotpSecret, totpUrl } from './totp.ts';

/** Enabling, verifying, querying and disabling the authenticator-app second factor. */
export async function registerTotpRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  /** Checks a code against the user's secret (throttled, recorded); answers the accepted time step. */
  const acceptCode = async (
    request: FastifyRequest,
    { user }: SessionUser,
    secret: string,
  ): Promise<number> => {
    const { code } = checkTotpSchema.parse(request.body);
    const subject = {
      kind: 'totp' as const,
      accountKey: user.id,
      ip: request.ip,
      userId: user.id,
      username: user.username,
    };
    await assertMayGuess(deps, request, subject);
    const counter = acceptTotpCode(secret, code, deps.clock(), user.totpLastCounter);
    await recordAttempt(deps, request, { ...subject, success: counter !== null });
    if (counter === null) throw new AppError('invalid_code', 'Invalid code');
    return counter;
  };

  app.post('/api/auth/enableTOTP', async (request) => {
    const { user } = await requireSession(request);
    if (user.totpEnabled)
      throw new AppError('invalid_status', 'Two-factor authentication is already enabled');
    const secret = newTotpSecret();
    await deps.db
      .update(users)
      .set({ totpSecret: secret, updatedAt: deps.clock() })
      .where(eq(users.id, user.id));
    return { secret, otpauthUrl: totpUrl(secret, user.username) };
  });

  app.post('/api/auth/verifyTOTP', async (request) => {
    const session = await requireSession(request);
    const { user } = session;
    if (user.totpEnabled || !user.totpSecret) {
      throw new AppError('invalid_status', 'Start enabling two-factor authentication first');
    }
    const counter = await acceptCode(request, session, user.totpSecret);
    await deps.db
      .update(users)
      .set({ totpEnabled: true, totpLastCounter: counter, updatedAt: deps.clock() })
      .where(eq(users.id, user.id));
    request.log.info({ event: 'totp_enabled', userId: user.id }, 'two-factor authentication enabled');
    return { enabled: true };
  });

  app.get('/api/auth/isTOTPEnabled', async (request) => {
    const { user } = await requireSession(request);
    return { enabled: user.totpEnabled };
  });

  app.post('/api/auth/disableTOTP', async (request) => {
    const session = await requireSession(request);
    const { user } = session;
    if (!user.totpEnabled || !user.totpSecret) {
      throw new AppError('invalid_status', 'Two-factor authentication is not enabled');
    }
    await acceptCode(request, session, user.totpSecret);
    await deps.db
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, totpLastCounter: null, updatedAt: deps.clock() })
      .where(eq(users.id, user.id));
    request.log.info({ event: 'totp_disabled', userId: user.id }, 'two-factor authentication disabled');
    return { enabled: false };
  });
}
