import { agentAuthorityActions } from '../../modules/agent-authorities/agent-authorities.actions.ts';
import { organisationActions } from '../../modules/organisations/organisations.actions.ts';
import { userActions } from '../../modules/organisations/users.actions.ts';
import type { EntityActionRegistration } from './runner.ts';

/**
 * Every entity with actions. The action routes are generated from this list, and the registry test checks that
 * every action definition of the domain package is registered here with a policy rule and a handler.
 */
export const ACTION_REGISTRATIONS: readonly EntityActionRegistration[] = [
  organisationActions,
  userActions,
  agentAuthorityActions,
];
