import { Container } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { loadChunkWithReload } from '../lazyPage.ts';
import { CrumbNamesProvider } from '../routing/breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// Only signed-in pages have breadcrumbs, so their code stays out of the sign-in page.
const Breadcrumbs = lazy(() =>
  loadChunkWithReload(() => import('./Breadcrumbs.tsx')).then((module) => ({ default: module.Breadcrumbs })),
);

/** The frame around every page: header, breadcrumbs, the routed page and the footer. */
export function ShellLayout() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <CrumbNamesProvider>
      <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Header user={user ?? null} loading={isPending} />
        <Container component="main" id="main" size="xl" py="md" style={{ flex: 1, width: '100%' }}>
          {user ? (
            <Suspense fallback={null}>
              <Breadcrumbs />
            </Suspense>
          ) : null}
          <Outlet />
        </Container>
        <Footer />
      </div>
    </CrumbNamesProvider>
  );
}
