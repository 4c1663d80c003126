import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule, entityRecord, listRoute } from '../../platform/read/entity-module.ts';
import { organisationActions } from './organisations.actions.ts';
import { organisationKind } from './organisations.kind.ts';
import { organisationRead, userRecord } from './organisations.read.ts';
import * as tables from './organisations.tables.ts';
import { userActions } from './users.actions.ts';
import { organisationUsersList } from './users.read.ts';
import { registerUserRoutes } from './users.routes.ts';

/** Organisations and their users: `/organisation/{id}`, `/organisations`, `/user/{id}`. */
export const organisationsModule = defineEntityModule({
  name: 'organisations',
  tables,
  entity: organisationActions,
  read: organisationRead,
  records: [entityRecord(userActions, userRecord)],
  reads: [listRoute('organisation/:organisationId/users', organisationUsersList)],
  subjects: {
    organisation: subjectAccessThroughScope(organisationKind, {
      organisationIds: async (_db, id) => [id],
      describe: async (db, id) => (await organisationKind.load(db, id))?.name,
    }),
  },
  routes: registerUserRoutes,
});
