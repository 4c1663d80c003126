import { Box, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type MouseEvent, Suspense, useEffect, useId } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { loadChunkWithReload } from '../lazyPage.ts';
import { CrumbNamesProvider } from '../routing/breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Header, useMenuEntries } from './Header.tsx';
import { MenuPanel } from './MainMenu.tsx';
import { OrganisationBar } from './OrganisationBar.tsx';
import classes from './ShellLayout.module.css';

// Only signed-in pages have breadcrumbs, so their code stays out of the sign-in page.
const Breadcrumbs = lazy(() =>
  loadChunkWithReload(() => import('./Breadcrumbs.tsx')).then((module) => ({ default: module.Breadcrumbs })),
);

/** The id of every page's <main>, which the skip link leads to. */
const MAIN_ID = 'main';

/** Moves the focus to the page's main content (the skip link's target) without changing the address. */
const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
};

/**
 * The frame around every page: a skip link to the main content, the header (whose menu moves into a panel
 * opened by a menu button below the md breakpoint), the organisation bar, breadcrumbs, the page and the footer.
 * A plain column rather than Mantine's AppShell: the same behaviour without its 10 kB on every page.
 */
export function ShellLayout() {
  const { data: user, isPending } = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);
  const menuId = useId();
  const entries = useMenuEntries(user ?? null);
  const { pathname } = useLocation();
  // A new page closes the menu panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address
  useEffect(() => menu.close(), [pathname]);
  const panelOpen = menuOpened && !isPending && entries.length > 0;
  return (
    <CrumbNamesProvider>
      <div className={classes.frame}>
        <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
          Skip to main content
        </a>
        <Box component="header" className={classes.header}>
          <Header
            user={user ?? null}
            loading={isPending}
            menuToggle={{ opened: panelOpen, toggle: menu.toggle, menuId }}
          />
          {panelOpen ? (
            <Box component="nav" id={menuId} aria-label="Main menu" hiddenFrom="md" className={classes.panel}>
              <MenuPanel entries={entries} onNavigate={menu.close} />
            </Box>
          ) : null}
        </Box>
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          {user ? <OrganisationBar user={user} /> : null}
          <Container size="xl" py="md">
            {user ? (
              <Suspense fallback={null}>
                <Breadcrumbs />
              </Suspense>
            ) : null}
            <Outlet />
          </Container>
        </main>
        <Footer />
      </div>
    </CrumbNamesProvider>
  );
}
