import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule, entityRecord } from '../../platform/read/entity-module.ts';
import { organisationActions } from './organisations.actions.ts';
import { organisationKind } from './organisations.kind.ts';
import { organisationRead, userRecord } from './organisations.read.ts';
import { registerOrganisationUsersRoute } from './organisations.routes.ts';
import * as tables from './organisations.tables.ts';
import { userActions } from './users.actions.ts';
import { registerUserRoutes } from './users.routes.ts';

/** Organisations and their users: `/organisation/{id}`, `/organisations`, `/user/{id}`. */
export const organisationsModule = defineEntityModule({
  name: 'organisations',
  tables,
  entity: organisationActions,
  read: organisationRead,
  records: [entityRecord(userActions, userRecord)],
  subjects: {
    organisation: subjectAccessThroughScope(organisationKind, {
      organisationIds: async (_db, id) => [id],
      describe: async (db, id) => (await organisationKind.load(db, id))?.name,
    }),
  },
  async routes(app) {
    await registerOrganisationUsersRoute(app);
    await registerUserRoutes(app);
  },
});
