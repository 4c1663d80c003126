import {
  ORGANISATION_TYPE_LABELS,
  type OrganisationType,
  type OrganisationUserListQuery,
  organisationUserListQuerySchema,
} from '@curlew/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { NOTHING } from '../../platform/actions/scope.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ExportColumn } from '../../platform/read/export.ts';
import type { ListSpec } from '../../platform/read/list.ts';
import { organisations } from './organisations.tables.ts';

/** The users export, as a list of all users or of an organisation's users. */
export const USERS_EXPORT = { filename: 'users', sheet: 'Users', maxRows: 10_000 } as const;

/** The columns every users export opens with: who the user is. */
export const userNameColumns = <
  Item extends { displayName: string; username: string; email: string },
>(): ExportColumn<Item>[] => [
  { header: 'Name', width: 28, value: (item) => item.displayName },
  { header: 'Username', width: 20, value: (item) => item.username },
  { header: 'E-mail', width: 32, value: (item) => item.email },
];

/** A user as the operator finds them: who they are, their account, and their organisation (whose page lists them). */
export interface FoundUser {
  id: string;
  displayName: string;
  username: string;
  email: string;
  disabled: boolean;
  organisation: { id: string; name: string; type: OrganisationType } | null;
}

/** The rows of found users: the user and their organisation's name and type. */
const selectFoundUsers = (db: Queryable, where: SQL) =>
  db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      email: users.email,
      disabled: users.disabled,
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationType: organisations.type,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(where);

type FoundUserRow = Awaited<ReturnType<typeof selectFoundUsers>>[number];

/**
 * Every user, for the market operator only (no one else's scope holds a row): searched on the name, the username and
 * the e-mail address (their words weighted in the users' `search_document`, and trigram-indexed for partial words and
 * typos). The search's Users kind reads it; it is not a route of its own (an organisation's users are listed on its
 * page, `GET /api/organisation/{id}/users`).
 */
export const operatorUsersList: ListSpec<OrganisationUserListQuery, FoundUserRow, FoundUser> = {
  query: organisationUserListQuerySchema,
  table: users,
  id: users.id,
  scope: (actor) => (isOperator(actor) ? undefined : NOTHING),
  filters: {
    organisationId: (id) => (isRecordId(id) ? eq(users.organisationId, id) : NOTHING),
  },
  sort: {
    displayName: sql`(${users.displayName}, ${users.username})`,
    username: users.username,
    email: users.email,
  },
  search: [users.displayName, users.username, users.email],
  document: searchDocumentOf(users),
  rows: ({ db, actor }, where) => selectFoundUsers(db, isOperator(actor) ? where : NOTHING),
  present: (rows) =>
    rows.map((row) => ({
      id: row.id,
      displayName: row.displayName,
      username: row.username,
      email: row.email,
      disabled: row.disabled,
      organisation:
        row.organisationId === null || row.organisationName === null || row.organisationType === null
          ? null
          : { id: row.organisationId, name: row.organisationName, type: row.organisationType },
    })),
  export: {
    ...USERS_EXPORT,
    columns: [
      ...userNameColumns<FoundUser>(),
      {
        header: 'Organisation',
        width: 32,
        value: (item) =>
          item.organisation === null
            ? ''
            : `${item.organisation.name} (${ORGANISATION_TYPE_LABELS[item.organisation.type]})`,
      },
      { header: 'Account', width: 12, value: (item) => (item.disabled ? 'Disabled' : 'Active') },
    ],
  },
};
