import { subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import type { AppModule } from '../../platform/module.ts';
import { agentAuthorityActions } from './agent-authorities.actions.ts';
import { agentAuthorityKind } from './agent-authorities.kind.ts';
import { registerAgentAuthorityRoutes } from './agent-authorities.routes.ts';
import * as tables from './agent-authorities.tables.ts';

/** Agent authorities: a client's authority for an agent in a round, `/agent-authority/{id}`. */
export const agentAuthoritiesModule: AppModule = {
  name: 'agent-authorities',
  tables,
  actions: [agentAuthorityActions],
  subjects: {
    'agent-authority': subjectAccessThroughScope(agentAuthorityKind, {
      organisationIds: async (db, id) => {
        const record = await agentAuthorityKind.load(db, id);
        return record ? [record.authority.clientOrganisationId, record.authority.agentOrganisationId] : [];
      },
      describe: async (db, id) => {
        const record = await agentAuthorityKind.load(db, id);
        return record ? `${record.agentName} for ${record.clientName} in ${record.roundName}` : undefined;
      },
    }),
  },
  routes: registerAgentAuthorityRoutes,
};
