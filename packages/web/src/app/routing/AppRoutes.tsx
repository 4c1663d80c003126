import { useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { AppErrorBoundary } from '../shell/ErrorPage.tsx';
import { buildAppRoutes } from './routes.tsx';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

/** Renders the page for the current address; a rendering error shows the error page until the address changes. */
export function AppRoutes({
  publicRoutes,
  trees,
}: {
  publicRoutes: readonly AreaRoute[];
  trees: AreaRouteTrees;
}) {
  const routes = useMemo(() => buildAppRoutes(publicRoutes, trees), [publicRoutes, trees]);
  const location = useLocation();
  const element = useRoutes(routes);
  return <AppErrorBoundary key={location.key}>{element}</AppErrorBoundary>;
}
