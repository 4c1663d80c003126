import {
  SEARCH_GROUP_SIZE,
  SEARCH_KIND_LABELS,
  SEARCH_PAGE_SIZE,
  type SearchAnswer,
  type SearchGroup,
  searchQuerySchema,
  searchTermSchema,
} from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import type { Actor } from '../../platform/actions/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { ListContext } from '../../platform/read/list.ts';
import { SEARCHABLE_KINDS, type SearchableKind } from './search.kinds.ts';

/** The refusal of a reader the search is not for. */
export const SEARCH_NOT_FOR_YOU = 'Search is for the market operator and local planning authorities';

/** The kinds a reader may find: every kind for the operator, its area's projects and developments for an LPA. */
function kindsFor(actor: Actor): readonly SearchableKind[] {
  if (isOperator(actor)) return SEARCHABLE_KINDS;
  if (actor.organisation?.type === 'LPA')
    return SEARCHABLE_KINDS.filter((kind) => kind.finders === 'operatorAndLpa');
  throw new AppError('forbidden', SEARCH_NOT_FOR_YOU);
}

/** The term of a search, or a 400 saying what is wrong with it. */
function termOf(raw: string | undefined): string {
  const parsed = searchTermSchema.safeParse(raw ?? '');
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Enter a word to search for');
  return parsed.data;
}

/**
 * `GET /api/search/{term}`: the records the reader may see matching the term, grouped by kind (the best-ranked group
 * first), each group its first few results and how many match; `?kind=&page=` pages through one kind. Every kind is
 * found through its entity's list: its scope, row source and presenter.
 */
export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { term: string } }>('/api/search/:term', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const kinds = kindsFor(actor);
    const term = termOf(request.params.term);
    const parsed = searchQuerySchema.safeParse(request.query);
    if (!parsed.success) throw new AppError('bad_request', 'That page of results does not exist');
    const { kind, page } = parsed.data;
    const context: ListContext = { db: deps.db, actor, now: deps.clock() };
    const chosen = kind === undefined ? kinds : kinds.filter((one) => one.kind === kind);
    if (chosen.length === 0) throw new AppError('forbidden', 'You cannot search records of that kind');
    const pageSize = kind === undefined ? SEARCH_GROUP_SIZE : SEARCH_PAGE_SIZE;
    const groups: (SearchGroup & { best: number })[] = [];
    for (const one of chosen) {
      const found = await one.find(term, context, { limit: pageSize, offset: (page - 1) * pageSize });
      if (found.total === 0 && kind === undefined) continue;
      groups.push({
        kind: one.kind,
        label: SEARCH_KIND_LABELS[one.kind],
        total: found.total,
        capped: found.capped,
        page,
        pageSize,
        results: found.items,
        best: found.best,
      });
    }
    groups.sort((a, b) => b.best - a.best);
    const answer: SearchAnswer = { term, groups: groups.map(({ best: _best, ...group }) => group) };
    return answer;
  });
  app.get('/api/search', async (request) => {
    await runnerCall(request);
    throw new AppError('bad_request', 'Enter a word to search for');
  });
}
