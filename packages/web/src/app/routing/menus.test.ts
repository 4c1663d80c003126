import { describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { isMenuGroup, MENUS, type MenuEntry, visibleMenu } from './menus.ts';
import { hasRouteFor, routesFor } from './resolve.ts';

/** 'Label' for links, 'Group: A, B' for groups. */
const describeMenu = (entries: readonly MenuEntry[]): string[] =>
  entries.map((entry) =>
    isMenuGroup(entry) ? `${entry.label}: ${entry.items.map((item) => item.label).join(', ')}` : entry.label,
  );

const everything = () => true;

describe('MENUS', () => {
  it('groups the admin navigation as SPEC 2 lists it', () => {
    expect(describeMenu(MENUS.admin)).toEqual([
      'Markets',
      'Records: Projects, Credit requirements, Participants, Agencies',
      'Registries: Projects, Credit requirements, Credits, Credit reserve',
      'Settings: Reference data, LPAs, Market operators',
    ]);
  });

  it('gives sysadmins the admin menu plus System', () => {
    expect(describeMenu(MENUS.sysAdmin)).toEqual([...describeMenu(MENUS.admin), 'System']);
  });

  it('gives LPAs Home, Projects, Credit requirements and Credits, and visitors the authentication menu', () => {
    expect(describeMenu(MENUS.lpa)).toEqual(['Home', 'Projects', 'Credit requirements', 'Credits']);
    expect(describeMenu(MENUS.anonymous)).toEqual(['Sign in', 'Sign up']);
  });

  it('gives participants and agents Home, their projects, their credit requirements and their credits', () => {
    expect(describeMenu(MENUS.participant)).toEqual(['Home', 'Projects', 'Credit requirements', 'Credits']);
    expect(describeMenu(MENUS.agent)).toEqual(['Home', 'Projects', 'Credit requirements', 'Credits']);
  });
});

describe('visibleMenu', () => {
  it('keeps everything when every route exists', () => {
    expect(visibleMenu(MENUS.admin, everything)).toEqual(MENUS.admin);
  });

  it('shows only items whose route exists, dropping empty groups', () => {
    const admin = userWith(['admin']);
    const routes = routesFor(admin, TEST_TREES);
    const visible = visibleMenu(MENUS.admin, (to) => hasRouteFor(to, routes));
    expect(describeMenu(visible)).toEqual(['Markets', 'Records: Projects', 'Settings: Reference data']);
  });

  it('adds System for sysadmins only when its route exists', () => {
    const routes = routesFor(userWith(['admin', 'sysadmin']), TEST_TREES);
    expect(describeMenu(visibleMenu(MENUS.sysAdmin, (to) => hasRouteFor(to, routes)))).toContain('System');
    const withoutSystem = routesFor(userWith(['admin', 'sysadmin']), { ...TEST_TREES, sysAdmin: [] });
    expect(describeMenu(visibleMenu(MENUS.sysAdmin, (to) => hasRouteFor(to, withoutSystem)))).not.toContain(
      'System',
    );
  });
});
