import { RECORD_PAGES } from '@curlew/domain';
import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import type { AppModule } from '../../platform/module.ts';
import { projectActions } from './projects.actions.ts';
import { projectKind } from './projects.kind.ts';
import { registerProjectRoutes } from './projects.routes.ts';
import { projectServices, projectServiceUnits, projects } from './projects.tables.ts';

/** Projects: a supplier's project, its services, supply, location, costs and sealed offer, `/project/{id}`. */
export const projectsModule: AppModule = {
  name: 'projects',
  tables: { projects, projectServices, projectServiceUnits },
  actions: [projectActions],
  subjects: {
    project: subjectAccessThroughScope(projectKind, {
      organisationIds: async (db, id) => {
        const record = await projectKind.load(db, id);
        return record ? [record.supplierId, ...(record.agentId === null ? [] : [record.agentId])] : [];
      },
      describe: async (db, id) => (await projectKind.load(db, id))?.name,
      page: async (_db, id) => RECORD_PAGES.project(id),
    }),
  },
  routes: registerProjectRoutes,
};
