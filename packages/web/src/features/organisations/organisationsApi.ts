import type { EntityAction, Organisation, Page } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** The self link of the organisations collection, where create actions open and post. */
export const ORGANISATIONS_SELF = '/organisations';

/** Cache key of one organisation. */
const organisationQueryKey = (id: string) => ['organisation', id] as const;
/** Cache key prefix of the organisation lists. */
export const ORGANISATION_LIST_KEY = ['organisations'] as const;

/** A page of `GET /api/organisations`, with the collection's create actions for the signed-in user. */
export interface OrganisationsAnswer extends Page<Organisation> {
  actions?: EntityAction[];
}

/** The self link of an organisation (`/organisation/{id}`). */
export const organisationSelf = (id: string): string => `/organisation/${encodeURIComponent(id)}`;

/** One organisation with its actions for the signed-in user (`GET /api/organisation/{id}`). */
export function useOrganisation(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: organisationQueryKey(id),
    queryFn: ({ signal }) => api.get<Organisation>(organisationSelf(id), { signal }),
  });
}
