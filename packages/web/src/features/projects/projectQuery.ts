import type { Project } from '@curlew/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ApiClient, api as pageOriginApi } from '../../app/api.ts';

// Apart from projectsApi.ts: the app's start asks for the project with this alone, without the pages' code.

/** Cache key prefix of everything about projects and project groups. */
export const PROJECTS_KEY = ['projects'] as const;

/** How long a project just read (or asked for while the page's code loaded) is shown without asking again. */
const PROJECT_FRESH_MS = 10_000;

/** The query of one project with its actions (`GET /api/project/{id}`). */
export const projectQuery = (api: ApiClient, id: string) => ({
  queryKey: [...PROJECTS_KEY, 'project', id],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Project>(`/project/${encodeURIComponent(id)}`, { signal }),
  staleTime: PROJECT_FRESH_MS,
});

/** Asks for a project before its page renders (the page's first load); a failure is left to the page. */
export function prefetchProject(queryClient: QueryClient, id: string): void {
  void queryClient.prefetchQuery(projectQuery(pageOriginApi, id));
}
