import { registerSubjectAccess, type SubjectAccess } from '../../modules/activity/subject-access.ts';
import { agentAuthorityKind } from '../../modules/agent-authorities/agent-authorities.kind.ts';
import { organisationKind } from '../../modules/organisations/organisations.kind.ts';
import type { Queryable } from '../db/connect.ts';
import type { EntityKind } from './types.ts';

/** Read access to a kind's records through its scope: readable when it exists and relates to the reader. */
const readableThroughScope =
  <Rec, Rel extends string>(kind: EntityKind<Rec, Rel>): SubjectAccess['canRead'] =>
  async ({ db, user }, id) => {
    const record = await kind.load(db, id);
    return record !== undefined && (await kind.relate(db, user, record)) !== null;
  };

const organisationAccess: SubjectAccess = {
  canRead: readableThroughScope(organisationKind),
  organisationIds: async (_db: Queryable, id: string) => [id],
  describe: async (db, id) => (await organisationKind.load(db, id))?.name,
};

const agentAuthorityAccess: SubjectAccess = {
  canRead: readableThroughScope(agentAuthorityKind),
  organisationIds: async (db, id) => {
    const record = await agentAuthorityKind.load(db, id);
    return record ? [record.authority.clientOrganisationId, record.authority.agentOrganisationId] : [];
  },
  describe: async (db, id) => {
    const record = await agentAuthorityKind.load(db, id);
    return record ? `${record.agentName} for ${record.clientName} in ${record.roundName}` : undefined;
  },
};

/** Lets comments, activity and files read-check organisations and agent authorities through their scopes. */
export function registerSubjectAccessOfActionEntities(): void {
  registerSubjectAccess('organisation', organisationAccess);
  registerSubjectAccess('agent-authority', agentAuthorityAccess);
}
