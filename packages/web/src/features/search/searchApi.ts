import type { MarkedText, SearchAnswer, SearchKind, SearchResult } from '@curlew/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

const enc = encodeURIComponent;

/** The results of a term (`GET /api/search/{term}`): every kind's first few, or one kind's page. */
export function useSearch(term: string, kind: SearchKind | undefined, page: number) {
  const api = useApi();
  const query = kind === undefined ? '' : `?kind=${enc(kind)}&page=${page}`;
  return useQuery({
    queryKey: ['search', term, kind ?? null, page],
    queryFn: ({ signal }) => api.get<SearchAnswer>(`/search/${enc(term)}${query}`, { signal }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}

/** The organisation pages by organisation type. */
const ORGANISATION_PAGES = {
  OPER: 'operators',
  PARTICIPANT: 'participants',
  LPA: 'lpas',
  AGENT: 'agencies',
} as const;

/** The page of a record found; a user's is their organisation's page, which lists its users (none without one). */
export function searchResultPath(result: SearchResult): string | null {
  const id = enc(result.id);
  switch (result.kind) {
    case 'requirements':
      return `/credit-requirements/${id}`;
    case 'projects':
      return `/projects/${id}`;
    case 'projectGroups':
      return `/project-group/${id}`;
    case 'requirementGroups':
      return `/requirement-group/${id}`;
    case 'organisations':
      return `/${ORGANISATION_PAGES[result.organisationType ?? 'PARTICIPANT']}/${id}`;
    case 'markets':
      return `/markets/${id}`;
    case 'rounds':
      return `/markets/${enc(result.marketId ?? '')}/round/${id}`;
    case 'credits':
      return `/registry/credits/${id}`;
    case 'users':
      return result.organisationId === undefined
        ? null
        : `/${ORGANISATION_PAGES[result.organisationType ?? 'PARTICIPANT']}/${enc(result.organisationId)}`;
  }
}

/** A text cut into its plain and matched parts, in order. */
export function markedParts(marked: MarkedText): { text: string; matched: boolean }[] {
  const parts: { text: string; matched: boolean }[] = [];
  let at = 0;
  for (const [start, end] of marked.highlights) {
    if (start < at || end > marked.text.length || start >= end) continue;
    if (start > at) parts.push({ text: marked.text.slice(at, start), matched: false });
    parts.push({ text: marked.text.slice(start, end), matched: true });
    at = end;
  }
  if (at < marked.text.length) parts.push({ text: marked.text.slice(at), matched: false });
  return parts;
}
