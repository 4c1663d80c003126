import type { CurrentUser, OrganisationType } from '@curlew/domain';
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import type { Queryable } from '../platform/db/connect.ts';
import { users } from './auth.tables.ts';

/** A user row. */
export type UserRow = typeof users.$inferSelect;

/** A user row with its organisation's summary. */
export type UserWithOrganisation = UserRow & { organisation: CurrentUser['organisation'] };

/** Columns selecting a user with its organisation (left join). */
export const userWithOrganisationColumns = {
  user: users,
  organisationId: organisations.id,
  organisationName: organisations.name,
  organisationType: organisations.type,
};

/** Rebuilds a UserWithOrganisation from a row selected with `userWithOrganisationColumns`. */
export function toUserWithOrganisation(row: {
  user: UserRow;
  organisationId: string | null;
  organisationName: string | null;
  organisationType: OrganisationType | null;
}): UserWithOrganisation {
  const organisation =
    row.organisationId !== null && row.organisationName !== null && row.organisationType !== null
      ? { id: row.organisationId, name: row.organisationName, type: row.organisationType }
      : null;
  return { ...row.user, organisation };
}

/** The user as GET /api/auth/user answers it. */
export const presentCurrentUser = (user: UserWithOrganisation): CurrentUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  displayName: user.displayName,
  phone: user.phone,
  groups: user.groups,
  organisation: user.organisation,
});

/** A user in the users list. */
export const presentUserListItem = (user: UserRow) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  displayName: user.displayName,
  groups: user.groups,
  organisationId: user.organisationId,
  disabled: user.disabled,
  confirmed: user.confirmed,
});

/** Finds a user by id, with the organisation. */
export async function findUserById(db: Queryable, id: string): Promise<UserWithOrganisation | undefined> {
  const [row] = await db
    .select(userWithOrganisationColumns)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, id));
  return row ? toUserWithOrganisation(row) : undefined;
}

/** Finds the user who signs in as `name`: the username, else the e-mail address (both ignoring case). */
export async function findUserByLogin(db: Queryable, name: string): Promise<UserRow | undefined> {
  const lowered = name.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, lowered), eq(sql`lower(${users.email})`, lowered)))
    .orderBy(sql`lower(${users.username}) = ${lowered} desc`)
    .limit(1);
  return row;
}

/** Finds a user by e-mail address (ignoring case). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row;
}

/** True when a username or e-mail address is already taken by someone (ignoring case). */
export async function isUsernameOrEmailTaken(
  db: Queryable,
  username: string,
  email: string,
): Promise<boolean> {
  const names = [username.trim().toLowerCase(), email.trim().toLowerCase()];
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(inArray(sql`lower(${users.username})`, names), inArray(sql`lower(${users.email})`, names)))
    .limit(1);
  return row !== undefined;
}

/** True when a database error is a unique-constraint violation (a race between two identical inserts). */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the error or one of its causes.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * SQL condition: the organisation (by its id column) is confirmed, i.e. it is not a sign-up nobody confirmed.
 * An organisation with users needs one of them confirmed; one without users was made by the operator or an agent.
 * Unconfirmed sign-ups never appear as choices to other users.
 */
export const isConfirmedOrganisation = (organisationId: AnyColumn): SQL =>
  sql`(not exists (select 1 from ${users} where ${users.organisationId} = ${organisationId})
    or exists (select 1 from ${users} where ${users.organisationId} = ${organisationId} and ${users.confirmed}))`;

/** Moves every member of an organisation from one group to another (its type changed). */
export async function swapOrganisationGroup(
  tx: Queryable,
  organisationId: string,
  groups: { from: string; to: string },
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      groups: sql`array_append(array_remove(${users.groups}, ${groups.from}), ${groups.to})`,
      updatedAt: now,
    })
    .where(and(eq(users.organisationId, organisationId), sql`${groups.from} = any(${users.groups})`));
}

/** Disables a user account or enables it again (the user action lifecycle's status write). */
export async function setUserDisabled(
  tx: Queryable,
  id: string,
  disabled: boolean,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ disabled, updatedAt: now }).where(eq(users.id, id));
}
