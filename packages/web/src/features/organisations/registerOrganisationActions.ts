import {
  AGENT_AUTHORITY_ACTIONS,
  ORGANISATION_ACTIONS,
  ORGANISATION_CREATE_ACTIONS,
  USER_ACTIONS,
} from '@curlew/domain';
import { registerActions } from '../../actions/registry.ts';

/**
 * Makes the organisation, user and agent-authority action definitions known to the side panel, so their forms
 * validate with the same schemas as the server. Registering twice is harmless.
 */
export function registerOrganisationActions(): void {
  registerActions([
    ...ORGANISATION_ACTIONS,
    ...ORGANISATION_CREATE_ACTIONS,
    ...USER_ACTIONS,
    ...AGENT_AUTHORITY_ACTIONS,
  ]);
}
