import {
  type OrganisationUser,
  type OrganisationUserListQuery,
  organisationUserListQuerySchema,
} from '@curlew/domain';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { listDeps } from '../../platform/read/list.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { organisationKind } from './organisations.kind.ts';
import { userActions } from './users.actions.ts';
import { USERS_EXPORT, userNameColumns } from './users.found.ts';
import { presentOrganisationUser, selectUsersFor, userInScope, userScope } from './users.kind.ts';

type UserListRow = Awaited<ReturnType<typeof selectUsersFor>>[number];

/** How a user's account stands, in the export. */
const accountStatus = (user: OrganisationUser): string => {
  if (user.disabled) return 'Disabled';
  if (user.invitationPending) return 'Invitation pending';
  if (!user.confirmed) return 'Not confirmed';
  return 'Active';
};

/**
 * `GET /api/organisation/{organisationId}/users`: the organisation's users for the operator and its members (404
 * outside the reader's scope, 403 for an agent), each with the reader's account actions; `format=csv|xlsx` exports
 * them.
 */
export const organisationUsersList: DescribedList<OrganisationUserListQuery, UserListRow, OrganisationUser> =
  {
    query: organisationUserListQuerySchema,
    itemType: 'OrganisationUser',
    collectionActions: false,
    table: users,
    id: users.id,
    scope: (actor) => userScope(actor).where,
    async guard({ organisationId }, { db, actor }) {
      const found = await organisationKind.loadFor(db, actor, organisationId);
      if (found === undefined) throw notFoundInScope(organisationKind.noun);
      const { relation } = found.access;
      if (relation !== 'operator' && relation !== 'member')
        throw new AppError(
          'forbidden',
          'Only the market operator and members of the organisation can see its users',
        );
    },
    filters: {
      organisationId: (id) => (isRecordId(id) ? eq(users.organisationId, id) : sql`false`),
    },
    sort: {
      displayName: sql`(${users.displayName}, ${users.username})`,
      username: users.username,
      email: users.email,
    },
    search: [users.displayName, users.username, users.email],
    rows: ({ db, actor }, where) => selectUsersFor(db, actor, where),
    async present(rows, context) {
      const items: OrganisationUser[] = [];
      for (const row of rows) {
        const found = userInScope(row);
        if (found === null) continue;
        const subject = { actor: context.actor, record: found.record, ...found.access };
        items.push(
          presentOrganisationUser(found.record, await userActions.actionsFor(listDeps(context), subject)),
        );
      }
      return items;
    },
    export: {
      ...USERS_EXPORT,
      columns: [
        ...userNameColumns<OrganisationUser>(),
        { header: 'Phone', width: 18, value: (item) => item.phone ?? '' },
        { header: 'Groups', width: 20, value: (item) => item.groups.join(' ') },
        { header: 'Account', width: 18, value: accountStatus },
      ],
    },
  };
