import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { bearerTokenOf, findTokenUser } from './api-tokens.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions.ts';

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null; looked up once per request. A request with `Authorization: Bearer`
 * is its token's user and nothing else (its cookies are not read); a token that is not valid is refused (401).
 */
export function currentSession(request: FastifyRequest): Promise<SessionUser | null> {
  let lookup = resolved.get(request);
  if (!lookup) {
    const bearer = bearerTokenOf(request);
    const token = request.cookies[SESSION_COOKIE];
    lookup =
      bearer !== undefined
        ? findTokenUser(request.server.deps, request, bearer)
        : token
          ? findSessionUser(request.server.deps, token).then((found) =>
              found === null ? null : { ...found, via: 'session' as const },
            )
          : Promise.resolve(null);
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
