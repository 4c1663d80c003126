import type { LoginChallenge } from '@curlew/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { loginChallenges } from './auth.tables.ts';
import { cookieOptions } from './sessions.ts';
import { randomToken, sha256 } from './tokens.ts';

/** Name of the cookie tying a follow-up call (new password, TOTP) to the login that asked for it. */
const CHALLENGE_COOKIE = 'curlew_challenge';

/** How long a pending challenge lasts. */
const CHALLENGE_VALIDITY_MS = 10 * 60_000;

/** Challenges answered through a follow-up call in the same browser. */
type PendingChallenge = Extract<LoginChallenge, 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'>;

/** Records a pending challenge for the user and sets the challenge cookie. */
export async function openChallenge(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  challenge: PendingChallenge,
): Promise<void> {
  const token = randomToken();
  const now = deps.clock();
  await deps.db.insert(loginChallenges).values({
    tokenHash: sha256(token),
    userId,
    challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_VALIDITY_MS),
  });
  reply.setCookie(CHALLENGE_COOKIE, token, cookieOptions(request, CHALLENGE_VALIDITY_MS / 1000));
}

/** A pending challenge found from the request's cookie. */
interface OpenChallenge {
  userId: string;
  tokenHash: string;
}

/** The user whose `challenge` this browser is answering; 401 when there is none or it has expired. */
export async function findChallenge(
  deps: AppDeps,
  request: FastifyRequest,
  challenge: PendingChallenge,
): Promise<OpenChallenge> {
  const token = request.cookies[CHALLENGE_COOKIE];
  if (token) {
    const tokenHash = sha256(token);
    const [row] = await deps.db
      .select({ userId: loginChallenges.userId })
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          eq(loginChallenges.challenge, challenge),
          gt(loginChallenges.expiresAt, deps.clock()),
        ),
      );
    if (row) return { userId: row.userId, tokenHash };
  }
  throw new AppError('unauthenticated', 'Your sign-in has expired. Sign in again.');
}

/** Spends a challenge (single use) and clears its cookie. */
export async function closeChallenge(deps: AppDeps, reply: FastifyReply, open: OpenChallenge): Promise<void> {
  await deps.db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, open.tokenHash));
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/' });
}
