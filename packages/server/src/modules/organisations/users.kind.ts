import type { EntityAction, OrganisationUser, UserAccountStatus } from '@curlew/domain';
import { userAccountLifecycle } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import type { UserRow } from '../../auth/users.repo.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';

/** How the actor relates to a user: the user themself, the market operator, or a colleague in the same organisation. */
export type UserRelation = 'self' | 'operator' | 'colleague';

/** Finds a user by id; undefined when missing or the id is malformed. */
export async function findUser(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The account status of a user as the operator's actions see it. */
export const userAccountStatus = (user: Pick<UserRow, 'disabled'>): UserAccountStatus =>
  user.disabled ? 'Disabled' : 'Active';

/** The user entity for the action runner: `/user/{id}`; the operator sees everyone, a member its colleagues. */
export const userKind: EntityKind<UserRow, UserRelation, UserAccountStatus> = {
  entity: 'user',
  collection: 'users',
  load: findUser,
  async relate(_db, actor, record) {
    if (actor.id === record.id) return 'self';
    if (isOperator(actor)) return 'operator';
    if (actor.organisationId !== null && actor.organisationId === record.organisationId) return 'colleague';
    return null;
  },
  idOf: (record) => record.id,
  lifecycle: { definition: userAccountLifecycle, statusOf: userAccountStatus },
};

/** The users of an organisation, by display name. */
export async function listOrganisationUsers(db: Queryable, organisationId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.organisationId, organisationId))
    .orderBy(asc(users.displayName), asc(users.username));
}

/** A user as `GET /api/organisation/{id}/users` answers it. */
export const presentOrganisationUser = (user: UserRow, actions: EntityAction[]): OrganisationUser => ({
  id: user.id,
  self: `/user/${user.id}`,
  username: user.username,
  email: user.email,
  displayName: user.displayName,
  phone: user.phone,
  groups: user.groups,
  confirmed: user.confirmed,
  disabled: user.disabled,
  invitationPending: user.mustChangePassword && user.passwordHash === null,
  actions,
});
