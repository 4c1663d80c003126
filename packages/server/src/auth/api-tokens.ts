import type { ApiToken } from '@curlew/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { apiTokens, users } from './auth.tables.ts';
import type { SessionUser } from './sessions.ts';
import { assertMayGuess, recordAttempt } from './throttle.ts';
import { sha256 } from './tokens.ts';
import { toUserWithOrganisation, userWithOrganisationColumns } from './users.repo.ts';

/** What every token starts with, so a leaked one is recognisable (and found by secret scanners). */
export const TOKEN_PREFIX = 'curlew_';
/** How many characters of a token its list entry shows. */
export const SHOWN_CHARACTERS = TOKEN_PREFIX.length + 6;
/** The last use is written back at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** The sentence of a refused token: the same whether it never existed, expired or was revoked. */
export const TOKEN_REFUSED = 'The API token is not valid: it may have expired or been revoked';

/** The token of an `Authorization: Bearer <token>` header, or undefined when the request sends none. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export type TokenRow = typeof apiTokens.$inferSelect;

export const presentToken = (row: TokenRow, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  active: row.revokedAt === null && row.expiresAt.getTime() > now.getTime(),
});

/**
 * The user a bearer token acts for, as a session gives it: refused with 401 when the token is unknown, expired or
 * revoked, or its user is disabled. Wrong tokens count as failed guesses of the request's address, so guessing is
 * throttled as sign-in is (429 with Retry-After).
 */
export async function findTokenUser(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<SessionUser> {
  const subject = { kind: 'token' as const, accountKey: `ip:${request.ip}`, ip: request.ip };
  await assertMayGuess(deps, request, subject);
  const now = deps.clock();
  const tokenHash = sha256(token);
  const [row] =
    token.length > 200
      ? []
      : await deps.db
          .select({ ...userWithOrganisationColumns, id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .leftJoin(organisations, eq(organisations.id, users.organisationId))
          .where(
            and(
              eq(apiTokens.tokenHash, tokenHash),
              isNull(apiTokens.revokedAt),
              gt(apiTokens.expiresAt, now),
            ),
          );
  if (!row || row.user.disabled) {
    await recordAttempt(deps, request, { ...subject, success: false });
    throw new AppError('unauthenticated', TOKEN_REFUSED);
  }
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return { user: toUserWithOrganisation(row), sessionTokenHash: tokenHash, via: 'token' };
}
