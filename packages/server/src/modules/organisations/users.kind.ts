import type { EntityAction, OrganisationUser, UserAccountStatus } from '@curlew/domain';
import { userAccountLifecycle } from '@curlew/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { setUserDisabled, type UserRow } from '../../auth/users.repo.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import {
  accessColumns,
  accessOf,
  type EntityScope,
  isOperator,
  NO_PERMISSIONS,
  NOTHING,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import type { EntityKind, RecordInScope } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';

/** How the actor relates to a user: the user themself, the market operator, or a colleague in the same organisation. */
export type UserRelation = 'self' | 'operator' | 'colleague';

/** The scope of users: the operator sees everyone, a user themself and their colleagues. */
export function userScope(actor: ScopeReader): EntityScope<UserRelation> {
  const self = sql`${users.id} = ${actor.id}`;
  const colleague =
    actor.organisationId === null ? NOTHING : sql`${users.organisationId} = ${actor.organisationId}`;
  return {
    where: isOperator(actor) ? undefined : sql`(${self} or ${colleague})`,
    relation: sql<UserRelation | null>`case when ${self} then 'self' when ${isOperator(actor)} then 'operator' when ${colleague} then 'colleague' end`,
    permissions: NO_PERMISSIONS,
  };
}

/** Finds a user by id; undefined when missing or the id is malformed. */
async function findUser(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Users in the actor's scope meeting `where`, with the actor's relation to each. */
export const selectUsersFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = userScope(actor);
  return db
    .select({ row: users, ...accessColumns(scope) })
    .from(users)
    .where(and(scope.where, where));
};

/** A listed user row with the actor's access, or null outside their scope. */
export const userInScope = (row: {
  row: UserRow;
  relation: UserRelation | null;
}): RecordInScope<UserRow, UserRelation> | null => {
  const access = accessOf({ relation: row.relation, permissions: null });
  return access === null ? null : { record: row.row, access };
};

/** The account status of a user as the operator's actions see it. */
const userAccountStatus = (user: Pick<UserRow, 'disabled'>): UserAccountStatus =>
  user.disabled ? 'Disabled' : 'Active';

/** The user entity for the action runner: `/user/{id}`; the operator sees everyone, a member its colleagues. */
export const userKind: EntityKind<UserRow, UserRelation, UserAccountStatus> = {
  entity: 'user',
  collection: 'users',
  noun: 'user account',
  load: findUser,
  async loadFor(db, actor, id, options) {
    if (!isRecordId(id)) return undefined;
    const query = selectUsersFor(db, actor, eq(users.id, id));
    const [row] = options?.forUpdate ? await query.for('update', { of: users }) : await query;
    return (row && userInScope(row)) ?? undefined;
  },
  idOf: (record) => record.id,
  lifecycle: {
    definition: userAccountLifecycle,
    statusOf: userAccountStatus,
    writeStatus: (tx, record, status, now) => setUserDisabled(tx, record.id, status === 'Disabled', now),
    refusal: (title, status) =>
      status === 'Disabled'
        ? `${title} is not possible: this user account is disabled`
        : `This user account is already active`,
  },
};

/** A user as `GET /api/organisation/{id}/users` answers it. */
export const presentOrganisationUser = (user: UserRow, actions: EntityAction[]): OrganisationUser => ({
  id: user.id,
  self: selfLink('user', user.id),
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
