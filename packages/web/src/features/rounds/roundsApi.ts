import type { EntityAction, Market, MarketRound, Page, Participation } from '@curlew/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { isNotFound } from '../../app/errorStatus.ts';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';

/** The self link of the markets collection, where CreateMarket opens and posts. */
export const MARKETS_SELF = '/markets';
/** The self link of the rounds collection, where CreateRound opens and posts. */
export const ROUNDS_SELF = '/rounds';

/** Cache key prefix of everything about markets and rounds (lists and records). */
export const MARKETS_KEY = ['markets'] as const;

/** A list page with the collection's create actions for the signed-in user. */
export type PageWithActions<T> = Page<T> & { actions?: EntityAction[] };

const enc = encodeURIComponent;

/** The self link of a market. */
const marketSelf = (id: string): string => `/market/${enc(id)}`;
/** The self link of a round. */
export const roundSelf = (id: string): string => `/round/${enc(id)}`;
/** The self link of a participation. */
export const participationSelf = (id: string): string => `/participation/${enc(id)}`;

/** The page of a market (admin). */
export const marketPagePath = (marketId: string): string => `/markets/${enc(marketId)}`;
/** The page of a round (every area has one at this address). */
export const roundPagePath = (marketId: string, roundId: string): string =>
  `${marketPagePath(marketId)}/round/${enc(roundId)}`;
/** The operator's page of a participation, under its round. */
export const participationPagePath = (participation: Participation): string =>
  `${roundPagePath(participation.round.marketId, participation.round.id)}/participation/${enc(participation.id)}`;

/** One market with its actions (`GET /api/market/{id}`); nothing loads for an empty id. */
export function useMarket(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'market', id],
    queryFn: ({ signal }) => api.get<Market>(marketSelf(id), { signal }),
    enabled: id !== '',
  });
}

/** How often a round is read again while its latest solver task is queued or running. */
const PROGRESS_POLL_MS = 2000;

const taskIsLive = (round: MarketRound | undefined): boolean =>
  round?.latestTask?.status === 'Queued' || round?.latestTask?.status === 'Running';

/**
 * One round with its summary and actions (`GET /api/round/{id}`); read again every 2 s while its latest solver task
 * is queued or running, so the operator sees the progress and the round's next status.
 */
export function useRound(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'round', id],
    queryFn: ({ signal }) => api.get<MarketRound>(roundSelf(id), { signal }),
    refetchInterval: (query) => (taskIsLive(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** One participation with its actions (`GET /api/participation/{id}`). */
export function useParticipation(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'participation', id],
    queryFn: ({ signal }) => api.get<Participation>(participationSelf(id), { signal }),
  });
}

/** A list answer at `path` (rounds, participations, declarations), cached under the markets key. */
export function useListAt<T>(path: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'list', path],
    queryFn: ({ signal }) => api.get<PageWithActions<T>>(path ?? '', { signal }),
    enabled: path !== undefined,
  });
}

/**
 * Names the market and round breadcrumbs of a round's pages. A round that failed to load still gives both a label:
 * the market's own name (read by the address's market id) or 'Market', and 'Not found' or 'Market round'.
 */
export function useRoundCrumbs(round: UseQueryResult<MarketRound>, marketId: string): void {
  const failed = round.isError;
  const market = useMarket(failed ? marketId : '');
  useCrumbName('market', round.data?.market.name ?? (failed ? (market.data?.name ?? 'Market') : undefined));
  useCrumbName(
    'round',
    round.data?.name ?? (failed ? (isNotFound(round.error) ? 'Not found' : 'Market round') : undefined),
  );
}
