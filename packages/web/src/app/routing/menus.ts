import type { ShellArea } from '../roles.ts';

/** A menu link. */
export interface MenuLink {
  label: string;
  to: string;
}

/** A named group of menu links (a dropdown). */
export interface MenuGroup {
  label: string;
  items: readonly MenuLink[];
}

/** An entry of a navigation menu. */
export type MenuEntry = MenuLink | MenuGroup;

/** Whether an entry is a group of links. */
export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'items' in entry;

const ADMIN_MENU: readonly MenuEntry[] = [
  { label: 'Markets', to: '/markets' },
  {
    label: 'Records',
    items: [
      { label: 'Projects', to: '/projects' },
      { label: 'Credit requirements', to: '/credit-requirements' },
      { label: 'Participants', to: '/participants' },
      { label: 'Agencies', to: '/agencies' },
    ],
  },
  {
    label: 'Registries',
    items: [
      { label: 'Projects', to: '/registry/projects' },
      { label: 'Credit requirements', to: '/registry/credit-requirements' },
      { label: 'Credits', to: '/registry/credits' },
      { label: 'Credit reserve', to: '/registry/reserve' },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Reference data', to: '/settings/refdata' },
      { label: 'LPAs', to: '/lpas' },
      { label: 'Market operators', to: '/operators' },
    ],
  },
];

/** The authentication menu, for visitors who are not signed in. */
const AUTHENTICATION_MENU: readonly MenuEntry[] = [
  { label: 'Sign in', to: '/login' },
  { label: 'Sign up', to: '/signUp' },
];

/** Every area's navigation menu (SPEC 2); entries whose route does not exist yet are filtered out. */
export const MENUS = {
  sysAdmin: [...ADMIN_MENU, { label: 'System', to: '/system' }],
  admin: ADMIN_MENU,
  lpa: [
    { label: 'Home', to: '/' },
    { label: 'Projects', to: '/projects' },
    { label: 'Credit requirements', to: '/credit-requirements' },
    { label: 'Credits', to: '/credits' },
  ],
  participant: [
    { label: 'Home', to: '/' },
    { label: 'Projects', to: '/projects' },
    { label: 'Credit requirements', to: '/credit-requirements' },
    { label: 'Credits', to: '/credits' },
  ],
  agent: [
    { label: 'Home', to: '/' },
    { label: 'Projects', to: '/projects' },
    { label: 'Credit requirements', to: '/credit-requirements' },
    { label: 'Credits', to: '/credits' },
  ],
  signedIn: [{ label: 'Home', to: '/' }],
  anonymous: AUTHENTICATION_MENU,
} as const satisfies Record<ShellArea, readonly MenuEntry[]>;

/** The entries of a menu that lead somewhere: links whose route exists, groups with at least one such link. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  routeExists: (to: string) => boolean,
): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return routeExists(entry.to) ? [entry] : [];
    const items = entry.items.filter((item) => routeExists(item.to));
    return items.length > 0 ? [{ label: entry.label, items }] : [];
  });
}
