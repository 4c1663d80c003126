import type { BalancingShortfall, MatchReview, OwnRoundOutcome, RoundStatement } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { MARKETS_KEY, roundPagePath } from '../rounds/roundsApi.ts';

const enc = encodeURIComponent;

/** The review page of a round's result (admin). */
export const reviewPagePath = (marketId: string, roundId: string): string =>
  `${roundPagePath(marketId, roundId)}/review`;

/** Where a solver task is cancelled (`POST /api/solver/task/{id}/cancel`). */
export const cancelTaskPath = (taskId: string): string => `/solver/task/${enc(taskId)}/cancel`;

/** The result of a round for review (`GET /api/match-review?roundId=`), 409 when it has none. */
export function useMatchReview(roundId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'match-review', roundId],
    queryFn: ({ signal }) => api.get<MatchReview>(`/match-review?roundId=${enc(roundId)}`, { signal }),
    retry: false,
  });
}

/** The public statement of an accepted round (`GET /api/round/{id}/statement`); asked for only once it is out. */
export function useRoundStatement(roundId: string, published: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'round-statement', roundId],
    queryFn: ({ signal }) => api.get<RoundStatement>(`/round/${enc(roundId)}/statement`, { signal }),
    enabled: published,
    retry: false,
  });
}

/** The reader's own records of an accepted round with their outcomes (`GET /api/round/{id}/outcomes`). */
export function useOwnOutcomes(roundId: string, published: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'round-outcomes', roundId],
    queryFn: ({ signal }) =>
      api.get<{ items: OwnRoundOutcome[] }>(`/round/${enc(roundId)}/outcomes`, { signal }),
    enabled: published,
    retry: false,
  });
}

/** What market balancing could not replace in the round (`GET /api/round/{id}/balancing`, the operator's). */
export function useBalancingShortfalls(roundId: string, accepted: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'round-balancing', roundId],
    queryFn: ({ signal }) =>
      api.get<{ items: BalancingShortfall[] }>(`/round/${enc(roundId)}/balancing`, { signal }),
    enabled: accepted,
    retry: false,
  });
}
