import type { CurrentUser } from '@curlew/domain';
import { Anchor, Box, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { clientEnv } from '../env.ts';
import { loadChunkWithReload } from '../lazyPage.ts';
import { primaryArea, roleFlags } from '../roles.ts';
import { useAreaTrees } from '../routing/AreaTreesContext.ts';
import { MENUS, visibleMenu } from '../routing/menus.ts';
import { hasRouteFor, routesFor } from '../routing/resolve.ts';
import { MainMenu } from './MainMenu.tsx';
import { OrganisationBar } from './OrganisationBar.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';

// Search is for the operator and LPAs only, so its code loads only for them.
const SearchBox = lazy(() =>
  loadChunkWithReload(() => import('./SearchBox.tsx')).then((module) => ({ default: module.SearchBox })),
);

const PUBLIC_MENU_PATHS = new Set(['/login', '/signUp']);

/** Search is offered to the operator and to LPAs only (SPEC 6). */
export function canSearch(user: CurrentUser | null): boolean {
  if (!user) return false;
  const flags = roleFlags(user.groups);
  return flags.admin || flags.lpa;
}

/**
 * The page header: brand, the role's menu, search, the profile menu and the organisation title bar. While the
 * user is still loading (`loading`) it shows the brand alone: neither a visitor's Sign in nor anyone's menu.
 */
export function Header({ user, loading = false }: { user: CurrentUser | null; loading?: boolean }) {
  const trees = useAreaTrees();
  const routes = routesFor(user, trees);
  const { signUpEnabled } = clientEnv();
  const routeExists = (to: string) =>
    PUBLIC_MENU_PATHS.has(to) ? to !== '/signUp' || signUpEnabled : hasRouteFor(to, routes);
  const entries = visibleMenu(MENUS[primaryArea(user)], routeExists);
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl" py="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="lg" wrap="wrap">
            <Anchor component={Link} to="/" fw={800} size="xl" c="bright" underline="never">
              Curlew
            </Anchor>
            {loading ? null : <MainMenu entries={entries} />}
          </Group>
          <Group gap="sm" wrap="nowrap" aria-busy={loading || undefined}>
            {canSearch(user) ? (
              <Suspense fallback={null}>
                <SearchBox />
              </Suspense>
            ) : null}
            {loading ? null : <ProfileMenu user={user} />}
          </Group>
        </Group>
      </Container>
      {user ? <OrganisationBar user={user} /> : null}
    </Box>
  );
}
