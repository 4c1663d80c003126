import { z } from 'zod';
import { requiredText } from '../validation/rules.ts';

/** The longest name of a personal API token. */
export const API_TOKEN_NAME_MAX = 80;
/** How long a token may live: 1 to 365 days (default 90). */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** The most live tokens one user may hold. */
export const API_TOKENS_PER_USER = 20;

/** `POST /api/auth/tokens`: a token's name and how many days it lives. */
export const createApiTokenSchema = z.object({
  name: requiredText(API_TOKEN_NAME_MAX),
  expiresInDays: z.coerce
    .number({ error: 'Enter a number of days' })
    .int({ error: 'Enter a whole number of days' })
    .min(1, { error: 'At least 1 day' })
    .max(API_TOKEN_MAX_DAYS, { error: `At most ${API_TOKEN_MAX_DAYS} days` }),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** A personal API token as its owner sees it in the list: never the token itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Whether it still works: not revoked and not expired. */
  active: z.boolean(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `GET /api/auth/tokens`: the user's tokens, newest first. */
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** `POST /api/auth/tokens` answer: the token, shown this once, and its list entry. */
export const createdApiTokenSchema = z.object({
  token: z.string().describe('The token: shown only in this answer, never again'),
  item: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
