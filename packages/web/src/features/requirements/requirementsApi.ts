import type { CreditRequirement, EntityAction, MarketRound, Page, RequirementGroup } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { MARKETS_KEY, roundSelf } from '../rounds/roundsApi.ts';

/** The self link of the requirements collection, where CreateRequirement opens and posts. */
export const REQUIREMENTS_SELF = '/requirements';
/** The self link of the requirement groups collection, where CreateRequirementGroup opens and posts. */
export const REQUIREMENT_GROUPS_SELF = '/requirement-groups';

/** Cache key prefix of everything about credit requirements and their groups. */
export const REQUIREMENTS_KEY = ['requirements'] as const;

/** A list page with the collection's create actions for the signed-in user. */
export type PageWithActions<T> = Page<T> & { actions?: EntityAction[] };

const enc = encodeURIComponent;

/** The self link of a requirement. */
const requirementSelf = (id: string): string => `/requirement/${enc(id)}`;
/** The self link of a requirement group. */
const requirementGroupSelf = (id: string): string => `/requirement-group/${enc(id)}`;

/** The app page of the requirements list (every area has one at this address). */
const REQUIREMENTS_PAGE = '/credit-requirements';
/** The app page of a requirement. */
export const requirementPagePath = (id: string): string => `${REQUIREMENTS_PAGE}/${enc(id)}`;
/** The app page of a requirement group. */
export const requirementGroupPagePath = (id: string): string => `/requirement-group/${enc(id)}`;

/** One requirement with its actions (`GET /api/requirement/{id}`); nothing loads for an empty id. */
export function useRequirement(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...REQUIREMENTS_KEY, 'requirement', id],
    queryFn: ({ signal }) => api.get<CreditRequirement>(requirementSelf(id), { signal }),
    enabled: id !== '',
  });
}

/** One requirement group with its requirements and actions (`GET /api/requirement-group/{id}`). */
export function useRequirementGroup(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...REQUIREMENTS_KEY, 'group', id],
    queryFn: ({ signal }) => api.get<RequirementGroup>(requirementGroupSelf(id), { signal }),
  });
}

/** The groups of a round (`GET /api/requirement-groups?roundId=`) with the create action; none without a round. */
export function useRequirementGroups(roundId: string | null) {
  const api = useApi();
  const path = `${REQUIREMENT_GROUPS_SELF}?roundId=${enc(roundId ?? '')}`;
  return useQuery({
    queryKey: [...REQUIREMENTS_KEY, 'groups', path],
    queryFn: ({ signal }) => api.get<PageWithActions<RequirementGroup>>(path, { signal }),
    enabled: roundId !== null,
  });
}

/**
 * When the requirement's round closes its requirements window (its need runs from the next year), as the server
 * counts it; undefined while unknown (no round, or a reader who may not see rounds), and the need then starts the
 * year after today.
 */
export function useNeedStart(
  requirement: CreditRequirement | undefined,
  canSeeRound: boolean,
): string | undefined {
  const api = useApi();
  const roundId = requirement?.round?.id;
  const round = useQuery({
    queryKey: [...MARKETS_KEY, 'round', roundId],
    queryFn: ({ signal }) => api.get<MarketRound>(roundSelf(roundId ?? ''), { signal }),
    enabled: canSeeRound && roundId !== undefined,
    retry: false,
  });
  return round.data?.registrationDates.requirements?.end;
}
