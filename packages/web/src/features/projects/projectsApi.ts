import {
  type EntityAction,
  type Page,
  PROJECT_GROUPS_COLLECTION,
  PROJECTS_COLLECTION,
  type ProjectGroup,
} from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { PROJECTS_KEY, projectQuery } from './projectQuery.ts';

export { PROJECTS_KEY };

/** The self link of the projects collection, where CreateProject opens and posts. */
export const PROJECTS_SELF = `/${PROJECTS_COLLECTION}`;
/** The self link of the project groups collection, where CreateProjectGroup opens and posts. */
export const PROJECT_GROUPS_SELF = `/${PROJECT_GROUPS_COLLECTION}`;

/** A list page with the collection's create actions for the signed-in user. */
export type PageWithActions<T> = Page<T> & { actions?: EntityAction[] };

const enc = encodeURIComponent;

/** The self link of a project group. */
const projectGroupSelf = (id: string): string => `/project-group/${enc(id)}`;

/** The page of a project (every area has one at this address). */
export const projectPagePath = (id: string): string => `/projects/${enc(id)}`;
/** The page of a project group. */
export const projectGroupPagePath = (id: string): string => `/project-group/${enc(id)}`;

/** One project with its actions (`GET /api/project/{id}`). */
export function useProject(id: string) {
  const api = useApi();
  return useQuery(projectQuery(api, id));
}

/** One project group with its members and actions (`GET /api/project-group/{id}`). */
export function useProjectGroup(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...PROJECTS_KEY, 'group', id],
    queryFn: ({ signal }) => api.get<ProjectGroup>(projectGroupSelf(id), { signal }),
  });
}
