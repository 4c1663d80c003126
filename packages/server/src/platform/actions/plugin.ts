import type { FastifyInstance } from 'fastify';
import { registerAgentAuthorityRoutes } from '../../modules/agent-authorities/agent-authorities.routes.ts';
import { registerOrganisationRoutes } from '../../modules/organisations/organisations.routes.ts';
import { registerUserRoutes } from '../../modules/organisations/users.routes.ts';
import { ACTION_REGISTRATIONS } from './registry.ts';
import { registerActionRoutes } from './routes.ts';
import { registerSubjectAccessOfActionEntities } from './subjects.ts';

/** The action routes of every registered entity and the read routes of organisations, users and agent authorities. */
export async function registerActionModules(app: FastifyInstance): Promise<void> {
  registerSubjectAccessOfActionEntities();
  await registerActionRoutes(app, ACTION_REGISTRATIONS);
  await registerOrganisationRoutes(app);
  await registerUserRoutes(app);
  await registerAgentAuthorityRoutes(app);
}
