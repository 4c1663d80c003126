import { RECORD_PAGES } from '@curlew/domain';
import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { projectActions } from './projects.actions.ts';
import { projectKind } from './projects.kind.ts';
import { projectRead } from './projects.read.ts';
import { projectServices, projectServiceUnits, projects } from './projects.tables.ts';

/** Projects: a supplier's project, its services, supply, location, costs and sealed offer, `/project/{id}`. */
export const projectsModule = defineEntityModule({
  name: 'projects',
  tables: { projects, projectServices, projectServiceUnits },
  entity: projectActions,
  read: projectRead,
  subjects: {
    project: subjectAccessThroughScope(projectKind, {
      inRound: recordsInRound(projects, projects.id, projects.marketRoundId),
      organisationIds: async (db, id) => {
        const record = await projectKind.load(db, id);
        return record ? [record.supplierId, ...(record.agentId === null ? [] : [record.agentId])] : [];
      },
      describe: async (db, id) => (await projectKind.load(db, id))?.name,
      page: async (_db, id) => RECORD_PAGES.project(id),
    }),
  },
});
