import type { UserGroup } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { at } from '../platform/db/columns.ts';

/** People who sign in. Usernames and e-mail addresses are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull(),
    displayName: text().notNull(),
    phone: text(),
    groups: text().array().$type<UserGroup[]>().notNull().default(sql`'{}'::text[]`),
    organisationId: uuid().references(() => organisations.id),
    /** argon2id hash; null until an invited user chooses a password. */
    passwordHash: text(),
    confirmed: boolean().notNull().default(false),
    /** Set for invited or operator-created users: the next sign-in demands a new password. */
    mustChangePassword: boolean().notNull().default(false),
    /** Set by an operator: the next sign-in demands a reset by e-mailed code. */
    resetRequired: boolean().notNull().default(false),
    disabled: boolean().notNull().default(false),
    totpSecret: text(),
    totpEnabled: boolean().notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    totpLastCounter: integer(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_organisation_idx').on(table.organisationId),
    // The operator's search of users: their names, usernames and e-mail addresses containing or like a term.
    index('users_display_name_trgm_idx')
      .using('gin', table.displayName.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('users_username_trgm_idx')
      .using('gin', table.username.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Signed-in sessions; only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at().notNull(),
    lastSeenAt: at().notNull(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: at().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Pending second steps of a sign-in (new password, TOTP), tied to the browser by the challenge cookie. */
export const loginChallenges = pgTable('login_challenges', {
  tokenHash: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  challenge: text().notNull(),
  createdAt: at().notNull(),
  expiresAt: at().notNull(),
});

/** E-mailed one-time codes (confirmation, reset, invitation), stored hashed. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    /** Set when the code was used, replaced or voided after too many wrong tries. */
    spentAt: at(),
    wrongTries: integer().notNull().default(0),
  },
  (table) => [index('one_time_codes_user_idx').on(table.userId, table.purpose)],
);

/** Every sign-in step attempted (password, TOTP or e-mailed code): the audit log and the throttle's memory. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** password | totp | code | token */
    kind: text().notNull(),
    /** What the person typed as the username, or the e-mail address. */
    username: text(),
    userId: uuid(),
    /** The throttled subject: the user id when known, else the lower-cased name typed. */
    accountKey: text().notNull(),
    ip: text().notNull(),
    success: boolean().notNull(),
    /** Refused by the throttle without checking the secret; not counted as a guess. */
    throttled: boolean().notNull().default(false),
    challenge: text(),
    fraudData: text(),
    at: at().notNull(),
  },
  (table) => [
    index('sign_in_attempts_account_idx').on(table.kind, table.accountKey, table.at),
    index('sign_in_attempts_ip_idx').on(table.kind, table.ip, table.at),
  ],
);

/**
 * Personal API tokens for machine clients: each acts with exactly its user's rights until it expires or is revoked.
 * Only the token's SHA-256 is kept (and its first characters, to tell tokens apart); the token is shown once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    prefix: text().notNull(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    lastUsedAt: at(),
    revokedAt: at(),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_idx').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
  ],
);
