import type {
  MarketRound,
  OpportunityStatement,
  OpportunityStatementAnswer,
  PublicOpportunityListings,
} from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { MARKETS_KEY } from '../rounds/roundsApi.ts';

const enc = encodeURIComponent;

/** Round statuses before the statement can exist: registration has not closed yet. */
const BEFORE_STATEMENT: readonly MarketRound['status'][] = ['Draft', 'Open'];

/** Whether a round's page asks for its opportunity statement (from registration closed on). */
export const mayHaveStatement = (status: MarketRound['status']): boolean =>
  !BEFORE_STATEMENT.includes(status);

/** Where the statement is read (signed in), as JSON or `format=csv`. */
export const opportunityPath = (roundId: string): string => `/round/${enc(roundId)}/opportunity`;

/**
 * Where the public statement is read without signing in: the page at this address, its answer (JSON or
 * `format=csv`) at the same address under `/api`.
 */
export const publicOpportunityPath = (roundId: string): string => `/public/round/${enc(roundId)}/opportunity`;

/** The round's published opportunity statement (`GET /api/round/{id}/opportunity`); null while none is published. */
export function useOpportunityStatement(roundId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...MARKETS_KEY, 'round-opportunity', roundId],
    queryFn: ({ signal }) => api.get<OpportunityStatementAnswer>(opportunityPath(roundId), { signal }),
    enabled,
    retry: false,
  });
}

/** Cache key prefix of what anyone may read without signing in. */
const PUBLIC_KEY = ['public-opportunity'] as const;

/** The rounds whose statement is public (`GET /api/public/opportunity-statements`), for the public registry. */
export function usePublicStatements() {
  const api = useApi();
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'list'],
    queryFn: ({ signal }) => api.get<PublicOpportunityListings>('/public/opportunity-statements', { signal }),
  });
}

/** A round's public statement (`GET /api/public/round/{id}/opportunity`); 404 when it is not public. */
export function usePublicStatement(roundId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'round', roundId],
    queryFn: ({ signal }) => api.get<OpportunityStatement>(publicOpportunityPath(roundId), { signal }),
    retry: false,
  });
}
