import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { LazyActionPanelProvider } from '../shell/signedInFrame.ts';

/** Wraps the signed-in pages in the side-panel host for action dialogs. */
export function SignedInLayout() {
  const { data: user } = useCurrentUser();
  if (!user) return <Outlet />;
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyActionPanelProvider>
        <Outlet />
      </LazyActionPanelProvider>
    </Suspense>
  );
}
