import type { CurrentUser } from '@curlew/domain';
import { matchPath } from 'react-router-dom';
import { rolesOf, type ShellArea } from '../roles.ts';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

type PageArea = Exclude<ShellArea, 'anonymous'>;

/** The areas whose pages a user may open, best first: their roles by priority, then the sign-in-only areas. */
function areasOf(user: CurrentUser | null): PageArea[] {
  if (!user) return [];
  const roles: PageArea[] = rolesOf(user);
  // The agent area needs only sign-in (SPEC 6); 'signedIn' holds the pages every user has.
  if (!roles.includes('agent')) roles.push('agent');
  roles.push('signedIn');
  return roles;
}

/** The routes a user can open: their areas' trees merged, a higher-priority area winning a shared path. */
export function routesFor(user: CurrentUser | null, trees: AreaRouteTrees): AreaRoute[] {
  const byPath = new Map<string, AreaRoute>();
  for (const area of areasOf(user)) {
    for (const route of trees[area]) if (!byPath.has(route.path)) byPath.set(route.path, route);
  }
  return [...byPath.values()];
}

/** Every path pattern any area declares, for building the router. */
export function allAreaPaths(trees: AreaRouteTrees): string[] {
  return [...new Set(Object.values(trees).flatMap((tree) => tree.map((route) => route.path)))];
}

/** What to do with a visit to an area path (null when the path matches no route at all). */
export type RouteResolution =
  | { kind: 'page'; route: AreaRoute }
  | { kind: 'login' }
  | { kind: 'home' }
  | { kind: 'notFound' };

/**
 * The guard decision for a path pattern: anonymous visitors sign in first; a signed-in user gets the page of
 * their best area; a path that belongs to another role's area (admin, LPA-only, participant-only) sends them
 * home; anything else is not found.
 */
export function resolveRoute(
  pattern: string | null,
  user: CurrentUser | null,
  trees: AreaRouteTrees,
): RouteResolution {
  if (!user) return { kind: 'login' };
  if (pattern === null) return { kind: 'notFound' };
  const route = routesFor(user, trees).find((candidate) => candidate.path === pattern);
  if (route) return { kind: 'page', route };
  return allAreaPaths(trees).includes(pattern) ? { kind: 'home' } : { kind: 'notFound' };
}

/** Whether a concrete address (e.g. '/markets') opens one of the given routes. */
export function hasRouteFor(pathname: string, routes: readonly AreaRoute[]): boolean {
  return routes.some((route) => matchPath({ path: `/${route.path}`, end: true }, pathname) !== null);
}
