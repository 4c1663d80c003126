import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useId } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { CrumbNamesProvider } from '../routing/breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Header, useMenuEntries } from './Header.tsx';
import { MenuPanel } from './MainMenu.tsx';
import { OrganisationBar } from './OrganisationBar.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RouterLink } from './RouterLink.tsx';
import classes from './ShellLayout.module.css';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import { LazyBreadcrumbs } from './signedInFrame.ts';

/** The header's height (its one row: brand, menu, search and profile). */
const HEADER_HEIGHT = 64;

/**
 * The frame around every page (Mantine's AppShell): a skip link to the main content, the header with the role's
 * menu, which below the md breakpoint moves into the navbar opened by the header's menu button, the organisation
 * bar, breadcrumbs, the page and the footer. A table wider than a narrow screen scrolls inside its own box.
 */
export function ShellLayout() {
  const { data: user, isPending } = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);
  const menuId = useId();
  const entries = useMenuEntries(user ?? null);
  const { pathname } = useLocation();
  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address
  useEffect(() => menu.close(), [pathname]);
  const panelOpen = menuOpened && !isPending && entries.length > 0;
  return (
    <CrumbNamesProvider>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: 300, breakpoint: 'md', collapsed: { mobile: !panelOpen, desktop: true } }}
      >
        <SkipLink />
        <AppShell.Header>
          <Header
            user={user ?? null}
            loading={isPending}
            menuToggle={{ opened: panelOpen, toggle: menu.toggle, menuId }}
          />
        </AppShell.Header>
        {panelOpen ? (
          <AppShell.Navbar component="nav" id={menuId} aria-label="Main menu" className={classes.panel}>
            <MenuPanel entries={entries} onNavigate={menu.close} />
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          {isPending ? (
            // Until who is signed in is known, a loader alone: the organisation bar and the page then appear
            // together, never pushing down a page already in view.
            <PageLoader />
          ) : (
            <>
              {user ? <OrganisationBar user={user} /> : null}
              <Container size="xl" py="md" className={classes.page}>
                {user ? (
                  <Suspense fallback={null}>
                    <LazyBreadcrumbs />
                  </Suspense>
                ) : null}
                <Outlet />
              </Container>
              <Footer link={RouterLink} />
            </>
          )}
        </AppShell.Main>
      </AppShell>
    </CrumbNamesProvider>
  );
}
