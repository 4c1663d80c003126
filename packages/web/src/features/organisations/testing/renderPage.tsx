import type { CurrentUser } from '@curlew/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ActionPanelProvider } from '../../../actions/ActionPanelProvider.tsx';
import { setCurrentUser } from '../../../app/currentUser.ts';
import { AreaTreesContext } from '../../../app/routing/AreaTreesContext.ts';
import { AREA_ROUTES } from '../../../app/routing/areas.ts';
import { CrumbNamesProvider } from '../../../app/routing/breadcrumbs.tsx';
import { Breadcrumbs } from '../../../app/shell/Breadcrumbs.tsx';
import { theme } from '../../../app/theme.ts';

// Tests run beside other work on small machines: give async queries room before calling a wait a failure.
configure({ asyncUtilTimeout: 10_000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Go back
    </button>
  );
}

/** A page of the app and the route pattern it is mounted at. */
export interface PageUnderTest {
  path: string;
  page: ComponentType;
}

/**
 * Renders pages as the app does for a signed-in user, with its real route trees for the breadcrumbs, the side
 * panel and every `/api` call going to `apiBase` (a real local HTTP server); a probe shows the current address.
 */
export function renderPage(
  pages: readonly PageUnderTest[],
  { at, apiBase, user }: { at: string; apiBase: string; user: CurrentUser },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setCurrentUser(queryClient, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <MemoryRouter initialEntries={[at]}>
          <AreaTreesContext.Provider value={AREA_ROUTES}>
            <CrumbNamesProvider>
              <ActionPanelProvider apiBase={apiBase}>
                <Breadcrumbs />
                <Routes>
                  {pages.map(({ path, page: Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                </Routes>
                <LocationProbe />
                <BackButton />
              </ActionPanelProvider>
            </CrumbNamesProvider>
          </AreaTreesContext.Provider>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
