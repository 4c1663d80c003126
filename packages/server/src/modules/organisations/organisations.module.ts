import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import type { AppModule } from '../../platform/module.ts';
import { organisationActions } from './organisations.actions.ts';
import { organisationKind } from './organisations.kind.ts';
import { registerOrganisationRoutes } from './organisations.routes.ts';
import * as tables from './organisations.tables.ts';
import { userActions } from './users.actions.ts';
import { registerUserRoutes } from './users.routes.ts';

/** Organisations and their users: `/organisation/{id}`, `/organisations`, `/user/{id}`. */
export const organisationsModule: AppModule = {
  name: 'organisations',
  tables,
  actions: [organisationActions, userActions],
  subjects: {
    organisation: subjectAccessThroughScope(organisationKind, {
      organisationIds: async (_db, id) => [id],
      describe: async (db, id) => (await organisationKind.load(db, id))?.name,
    }),
  },
  async routes(app) {
    await registerOrganisationRoutes(app);
    await registerUserRoutes(app);
  },
};
