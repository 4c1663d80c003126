import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { loadChunkWithReload } from '../lazyPage.ts';
import { PageLoader } from '../shell/PageLoader.tsx';

// The side panel and its forms are only for signed-in pages, so they stay out of the sign-in page's code.
const ActionPanelProvider = lazy(() =>
  loadChunkWithReload(() => import('../../actions/ActionPanelProvider.tsx')).then((module) => ({
    default: module.ActionPanelProvider,
  })),
);

/** Wraps the signed-in pages in the side-panel host for action dialogs. */
export function SignedInLayout() {
  const { data: user } = useCurrentUser();
  if (!user) return <Outlet />;
  return (
    <Suspense fallback={<PageLoader />}>
      <ActionPanelProvider>
        <Outlet />
      </ActionPanelProvider>
    </Suspense>
  );
}
