import {
  API_TOKENS_PER_USER,
  type ApiTokenList,
  type CreatedApiToken,
  createApiTokenSchema,
} from '@curlew/domain';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import { presentToken, SHOWN_CHARACTERS, TOKEN_PREFIX } from './api-tokens.ts';
import { apiTokens } from './auth.tables.ts';
import { requireSession } from './guard.ts';
import type { SessionUser } from './sessions.ts';
import { randomToken, sha256 } from './tokens.ts';

const DAY_MS = 86_400_000;

/** Token management needs the person's own session: a token cannot make, list or revoke tokens. */
async function requireBrowserSession(request: FastifyRequest): Promise<SessionUser> {
  const session = await requireSession(request);
  if (session.via === 'token')
    throw new AppError('forbidden', 'API tokens are managed on the profile page only');
  return session;
}

export const tokenIdParams = z.object({ id: z.uuid() });

/**
 * A user's personal API tokens (profile page): `GET /api/auth/tokens` lists them (never the token), `POST
 * /api/auth/tokens` makes one (named, expiring after 1 to 365 days) and answers the token this once, `POST
 * /api/auth/tokens/{id}/revoke` ends one. Only with the user's own session, never with a token.
 */
export async function registerApiTokenRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const tokensOf = async (userId: string): Promise<ApiTokenList> => {
    const rows = await deps.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    const now = deps.clock();
    return { items: rows.map((row) => presentToken(row, now)) };
  };

  app.get('/api/auth/tokens', async (request) => {
    const { user } = await requireBrowserSession(request);
    return tokensOf(user.id);
  });

  app.post('/api/auth/tokens', async (request, reply): Promise<CreatedApiToken> => {
    const { user } = await requireBrowserSession(request);
    const input = createApiTokenSchema.parse(request.body);
    const now = deps.clock();
    const [live] = await deps.db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
    if ((live?.n ?? 0) >= API_TOKENS_PER_USER)
      throw new AppError(
        'invalid_status',
        `You have ${API_TOKENS_PER_USER} active tokens: revoke one before making another`,
      );
    const token = `${TOKEN_PREFIX}${randomToken()}`;
    const [row] = await deps.db
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: input.name,
        tokenHash: sha256(token),
        prefix: token.slice(0, SHOWN_CHARACTERS),
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('The token was not stored');
    request.log.info({ event: 'api_token_created', userId: user.id, tokenId: row.id }, 'API token created');
    reply.status(201);
    return { token, item: presentToken(row, now) };
  });

  app.post<{ Params: { id: string } }>('/api/auth/tokens/:id/revoke', async (request) => {
    const { user } = await requireBrowserSession(request);
    const parsed = tokenIdParams.safeParse(request.params);
    const now = deps.clock();
    const [row] = parsed.success
      ? await deps.db
          .update(apiTokens)
          .set({ revokedAt: now })
          .where(
            and(eq(apiTokens.id, parsed.data.id), eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)),
          )
          .returning()
      : [];
    if (!row) throw new AppError('not_found', 'Token not found');
    request.log.info({ event: 'api_token_revoked', userId: user.id, tokenId: row.id }, 'API token revoked');
    return presentToken(row, now);
  });
}
