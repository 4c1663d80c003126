import {
  disableUser,
  type EntityAction,
  enableUser,
  forcePasswordReset,
  type OrganisationUser,
  type Page,
} from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** Cache key of an organisation's users. */
const organisationUsersQueryKey = (organisationId: string) =>
  ['organisation', organisationId, 'users'] as const;

/** The users of an organisation with their account actions (`GET /api/organisation/{id}/users`). */
export function useOrganisationUsers(organisationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: organisationUsersQueryKey(organisationId),
    queryFn: ({ signal }) =>
      api.get<Page<OrganisationUser>>(`/organisation/${encodeURIComponent(organisationId)}/users`, {
        signal,
      }),
  });
}

/** How a user's account stands, as the users table shows it. */
export function accountStatus(user: Pick<OrganisationUser, 'disabled' | 'invitationPending' | 'confirmed'>): {
  label: string;
  color: string;
} {
  if (user.disabled) return { label: 'Disabled', color: 'red.9' };
  if (user.invitationPending) return { label: 'Invitation pending', color: 'blue.9' };
  if (!user.confirmed) return { label: 'Not confirmed', color: 'gray.7' };
  return { label: 'Active', color: 'teal.9' };
}

/** Why the account actions wait on an invitation that has not been accepted yet. */
const INVITATION_PENDING_REASON = 'Available once the invitation has been accepted';

/**
 * The account actions a user's row offers: Enable or Disable, whichever applies (the other would only be refused);
 * for an invitation not yet accepted, both wait with a reason in words and Force password reset is not offered
 * (there is no password yet).
 */
export function accountActions(
  user: Pick<OrganisationUser, 'disabled' | 'invitationPending' | 'actions'>,
): EntityAction[] {
  const toggles: readonly string[] = [disableUser.id, enableUser.id];
  if (user.invitationPending) {
    return user.actions
      .filter((action) => action.id !== forcePasswordReset.id && action.id !== enableUser.id)
      .map((action) =>
        toggles.includes(action.id)
          ? { ...action, enabled: false, reason: INVITATION_PENDING_REASON }
          : action,
      );
  }
  const irrelevant = user.disabled ? disableUser.id : enableUser.id;
  return user.actions.filter((action) => action.id !== irrelevant);
}
