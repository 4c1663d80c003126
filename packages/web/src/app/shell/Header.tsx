import type { CurrentUser } from '@curlew/domain';
import { Anchor, Box, Burger, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { clientEnv } from '../env.ts';
import { loadChunkWithReload } from '../lazyPage.ts';
import { primaryArea, roleFlags } from '../roles.ts';
import { useAreaTrees } from '../routing/AreaTreesContext.ts';
import { MENUS, type MenuEntry, visibleMenu } from '../routing/menus.ts';
import { hasRouteFor, routesFor } from '../routing/resolve.ts';
import { MainMenu } from './MainMenu.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';

// Search is for the operator and LPAs only, so its code loads only for them.
const SearchBox = lazy(() =>
  loadChunkWithReload(() => import('./SearchBox.tsx')).then((module) => ({ default: module.SearchBox })),
);

const PUBLIC_MENU_PATHS = new Set(['/login', '/signUp']);

/** Search is offered to the operator and to LPAs only (SPEC 6). */
function canSearch(user: CurrentUser | null): boolean {
  if (!user) return false;
  const flags = roleFlags(user.groups);
  return flags.admin || flags.lpa;
}

/** The entries of the user's menu (SPEC 3) that lead to a page they have. */
export function useMenuEntries(user: CurrentUser | null): readonly MenuEntry[] {
  const trees = useAreaTrees();
  const routes = routesFor(user, trees);
  const { signUpEnabled } = clientEnv();
  const routeExists = (to: string) =>
    PUBLIC_MENU_PATHS.has(to) ? to !== '/signUp' || signUpEnabled : hasRouteFor(to, routes);
  return visibleMenu(MENUS[primaryArea(user)], routeExists);
}

/** The narrow-screen menu button: whether the menu is open, how to toggle it and the id of the menu it opens. */
export interface MenuToggle {
  opened: boolean;
  toggle: () => void;
  menuId: string;
}

interface HeaderProps {
  user: CurrentUser | null;
  loading?: boolean;
  /** The menu button shown below the md breakpoint, where the menu moves into a panel. */
  menuToggle?: MenuToggle;
}

/**
 * The page header: brand, the role's menu (a button opening it on narrow screens), search and the profile menu.
 * While the user is still loading (`loading`) it shows the brand alone: neither a visitor's Sign in nor a menu.
 */
export function Header({ user, loading = false, menuToggle }: HeaderProps) {
  const entries = useMenuEntries(user);
  const showMenu = !loading && entries.length > 0;
  return (
    <Container size="xl" py="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm" mih={44}>
        <Group gap="lg" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} size="xl" c="bright" underline="never">
            Curlew
          </Anchor>
          {showMenu ? (
            <Box visibleFrom="md">
              <MainMenu entries={entries} />
            </Box>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap" miw={0} aria-busy={loading || undefined}>
          {canSearch(user) ? (
            <Suspense fallback={null}>
              <SearchBox />
            </Suspense>
          ) : null}
          {loading ? null : <ProfileMenu user={user} />}
          {showMenu && menuToggle ? (
            <Burger
              hiddenFrom="md"
              size="sm"
              opened={menuToggle.opened}
              onClick={menuToggle.toggle}
              aria-label="Menu"
              aria-expanded={menuToggle.opened}
              aria-controls={menuToggle.opened ? menuToggle.menuId : undefined}
            />
          ) : null}
        </Group>
      </Group>
    </Container>
  );
}
