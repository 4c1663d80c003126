import {
  formatDateTime,
  ORGANISATION_TYPE_LABELS,
  type Organisation,
  type OrganisationListQuery,
  type OrganisationUser,
  organisationListQuerySchema,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../auth/users.repo.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter, RecordSpec } from '../../platform/read/entity-module.ts';
import { organisationActions } from './organisations.actions.ts';
import {
  type OrganisationRelation,
  type OrganisationRow,
  presentOrganisation,
} from './organisations.kind.ts';
import { organisationInScope, selectOrganisationsFor } from './organisations.repo.ts';
import { organisationScope } from './organisations.scope.ts';
import { organisations } from './organisations.tables.ts';
import { presentOrganisationUser, type UserRelation } from './users.kind.ts';

const presentFor: RecordPresenter<OrganisationRow, OrganisationRelation, Organisation> = async (read) =>
  presentOrganisation(read.record, read.actions);

type OrganisationListRow = Awaited<ReturnType<typeof selectOrganisationsFor>>[number];

/**
 * The read side of organisations: `GET /api/organisations` (q on the name and e-mail; type; sorted by
 * ORGANISATION_SORT_KEYS; each row with the reader's actions on it; `format=csv|xlsx`, at most 100,000 rows) and
 * `GET /api/organisation/{id}`, both scoped to what the reader may see.
 */
export const organisationRead: ReadModel<
  OrganisationRow,
  OrganisationRelation,
  Organisation,
  OrganisationListQuery,
  OrganisationListRow,
  Organisation
> = {
  record: {
    present: { operator: presentFor, member: presentFor, agent: presentFor },
    answerType: 'Organisation',
  },
  list: {
    query: organisationListQuerySchema,
    itemType: 'Organisation',
    table: organisations,
    id: organisations.id,
    scope: (actor) => organisationScope(actor).where,
    filters: { type: (type) => eq(organisations.type, type) },
    sort: { name: organisations.name, type: organisations.type, createdAt: organisations.createdAt },
    search: [organisations.name, organisations.email],
    document: searchDocumentOf(organisations),
    rows: ({ db, actor }, where) => selectOrganisationsFor(db, actor, where),
    async present(rows, { db, actor, now }) {
      const items: Organisation[] = [];
      for (const row of rows) {
        const found = organisationInScope(row);
        if (found === null) continue;
        const subject = { actor, record: found.record, ...found.access };
        const actions = await organisationActions.actionsFor({ db, clock: () => now }, subject);
        items.push(presentOrganisation(found.record, actions));
      }
      return items;
    },
    export: {
      filename: 'organisations',
      sheet: 'Organisations',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Type', width: 24, value: (item) => ORGANISATION_TYPE_LABELS[item.type] },
        { header: 'Reference', width: 16, value: (item) => item.csvId ?? '' },
        { header: 'Contact', width: 24, value: (item) => item.contact ?? '' },
        { header: 'E-mail', width: 28, value: (item) => item.email ?? '' },
        { header: 'Phone', width: 18, value: (item) => item.phone ?? '' },
        { header: 'Mailing address', width: 36, value: (item) => item.mailingAddress ?? '' },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
      ],
    },
  },
};

const presentUserFor: RecordPresenter<UserRow, UserRelation, OrganisationUser> = async (read) =>
  presentOrganisationUser(read.record, read.actions);

/** `GET /api/user/{id}`: the user themself, their colleagues and the operator read it. */
export const userRecord: RecordSpec<UserRow, UserRelation, OrganisationUser> = {
  present: { self: presentUserFor, operator: presentUserFor, colleague: presentUserFor },
  answerType: 'OrganisationUser',
};
