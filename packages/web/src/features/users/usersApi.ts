import type { OrganisationUser, Page } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** Cache key of an organisation's users. */
export const organisationUsersQueryKey = (organisationId: string) =>
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
