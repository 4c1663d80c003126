import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { LazyActionPanelProvider, LazyBreadcrumbs } from '../shell/signedInFrame.ts';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

/**
 * On the app's first load, starts everything the page at `pathname` needs at once instead of one after another:
 * the code of every page declared at that address (whichever area the user turns out to have), the signed-in
 * frame (side panel, breadcrumbs) and the record the page shows. The guards still decide what is shown.
 */
export function preloadPageAt(
  pathname: string,
  queryClient: QueryClient,
  publicRoutes: readonly AreaRoute[],
  trees: AreaRouteTrees,
): void {
  const matchOf = (route: AreaRoute) => matchPath({ path: `/${route.path}`, end: true }, pathname);
  const areaMatches = Object.values(trees).flatMap((tree) =>
    tree.flatMap((route) => {
      const match = matchOf(route);
      return match === null ? [] : [{ route, params: match.params }];
    }),
  );
  const publicMatches = publicRoutes.flatMap((route) => {
    const match = matchOf(route);
    return match === null ? [] : [{ route, params: match.params }];
  });
  for (const { route, params } of [...publicMatches, ...areaMatches]) {
    if ('preload' in route.page && typeof route.page.preload === 'function') route.page.preload();
    route.prefetch?.(params, queryClient);
  }
  if (areaMatches.length > 0 && publicMatches.length === 0) {
    LazyActionPanelProvider.preload();
    LazyBreadcrumbs.preload();
  }
}
