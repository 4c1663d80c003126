import { recordsInRound, subjectAccessThroughScope } from '../../platform/actions/subjects.ts';
import { defineEntityModule } from '../../platform/read/entity-module.ts';
import { agentAuthorityActions } from './agent-authorities.actions.ts';
import { agentAuthorityKind } from './agent-authorities.kind.ts';
import { agentAuthorityRead } from './agent-authorities.read.ts';
import * as tables from './agent-authorities.tables.ts';

/** Agent authorities: a client's authority for an agent in a round, `/agent-authority/{id}`. */
export const agentAuthoritiesModule = defineEntityModule({
  name: 'agent-authorities',
  tables,
  entity: agentAuthorityActions,
  read: agentAuthorityRead,
  subjects: {
    'agent-authority': subjectAccessThroughScope(agentAuthorityKind, {
      inRound: recordsInRound(
        tables.agentAuthorities,
        tables.agentAuthorities.id,
        tables.agentAuthorities.marketRoundId,
      ),
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
});
