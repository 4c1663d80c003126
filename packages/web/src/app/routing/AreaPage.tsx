import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasSignedOut, useCurrentUser } from '../currentUser.ts';
import { loginPathFor } from '../redirect.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { PageLoader } from '../shell/PageLoader.tsx';
import { useAreaTrees } from './AreaTreesContext.ts';
import { resolveRoute } from './resolve.ts';

/**
 * The guard in front of every signed-in page: it waits for the user, then shows the page of the user's best
 * area, or sends them to sign in, home, or 'Page not found'. `pattern` is null for unknown addresses.
 */
export function AreaPage({ pattern }: { pattern: string | null }) {
  const { data: user, isPending, error } = useCurrentUser();
  const trees = useAreaTrees();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (isPending) return <PageLoader />;
  // A failure other than "not signed in" belongs on the error page.
  if (error) throw error;
  const resolution = resolveRoute(pattern, user ?? null, trees);
  switch (resolution.kind) {
    case 'login':
      return (
        <Navigate
          to={hasSignedOut(queryClient) ? '/login' : loginPathFor(`${location.pathname}${location.search}`)}
          replace
        />
      );
    case 'home':
      return <Navigate to="/" replace />;
    case 'notFound':
      return <NotFoundPage />;
    case 'page': {
      const Page = resolution.route.page;
      return (
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      );
    }
  }
}
