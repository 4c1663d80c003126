import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions.ts';

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; looked up once per request. */
export function currentSession(request: FastifyRequest): Promise<SessionUser | null> {
  let lookup = resolved.get(request);
  if (!lookup) {
    const token = request.cookies[SESSION_COOKIE];
    lookup = token ? findSessionUser(request.server.deps, token) : Promise.resolve(null);
    resolved.set(request, lookup);
  }
  return lookup;
}

/** The signed-in user, or a 401 unauthenticated error. */
export async function requireSession(request: FastifyRequest): Promise<SessionUser> {
  const session = await currentSession(request);
  if (!session) throw new AppError('unauthenticated', 'You need to sign in');
  return session;
}
