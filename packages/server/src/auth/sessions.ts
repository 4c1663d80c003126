import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import type { Queryable } from '../platform/db/connect.ts';
import type { AppDeps } from '../platform/deps.ts';
import { sessions, users } from './auth.tables.ts';
import { randomToken, sha256 } from './tokens.ts';
import {
  toUserWithOrganisation,
  type UserWithOrganisation,
  userWithOrganisationColumns,
} from './users.repo.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'curlew_session';

/** Activity is written back at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** A signed-in user and the session they came with. */
export interface SessionUser {
  user: UserWithOrganisation;
  sessionTokenHash: string;
  /** How the request proved who it is: the session cookie, or a personal API token (`Authorization: Bearer`). */
  via?: 'session' | 'token';
}

/** Cookie attributes: HttpOnly, SameSite=Lax, Path=/, Secure when the request came over HTTPS. */
export const cookieOptions = (request: FastifyRequest, maxAgeSeconds: number) =>
  ({
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  }) as const;

/** Starts a session for the user and sets its cookie; a session the browser already had is ended first. */
export async function startSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deps.db.delete(sessions).where(eq(sessions.tokenHash, sha256(previous)));
  const token = randomToken();
  const now = deps.clock();
  const absoluteMs = deps.config.sessionAbsoluteHours * 3_600_000;
  await deps.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + absoluteMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500),
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, Math.floor(absoluteMs / 1000)));
}

/**
 * The user of a session token, or null when the token is unknown, the absolute timeout has passed, the
 * session was idle too long, or the user is disabled. Records activity (at most once a minute).
 */
export async function findSessionUser(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const now = deps.clock();
  const tokenHash = sha256(token);
  const [row] = await deps.db
    .select({ ...userWithOrganisationColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const idleMs = deps.config.sessionIdleMinutes * 60_000;
  if (now.getTime() - row.lastSeenAt.getTime() >= idleMs || row.user.disabled) {
    await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: toUserWithOrganisation(row), sessionTokenHash: tokenHash };
}

/** Ends the session the request carries (if any) and clears its cookie. */
export async function endSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deps.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user (after a password change, for instance). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
