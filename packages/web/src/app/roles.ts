import { type CurrentUser, ROLES, type UserGroup } from '@curlew/domain';

/** The shell's role flags, derived from the user's groups (SPEC 6). */
export interface RoleFlags {
  sysAdmin: boolean;
  admin: boolean;
  lpa: boolean;
  participant: boolean;
  agent: boolean;
}

/** A role that has its own route tree and menu. */
export type ShellRole = keyof RoleFlags;

/** The order in which a user's roles choose the route tree and menu (SPEC 2). */
const ROLE_PRIORITY = ROLES satisfies readonly ShellRole[];

/** Which area of the app a visitor gets: a role's area, a signed-in user without a role, or anonymous. */
export type ShellArea = ShellRole | 'signedIn' | 'anonymous';

/** Derives the role flags from groups; sysadmins share the admin routes, so they count as admins too. */
export function roleFlags(groups: readonly UserGroup[]): RoleFlags {
  const has = (group: UserGroup) => groups.includes(group);
  return {
    sysAdmin: has('sysadmin'),
    admin: has('admin') || has('sysadmin'),
    lpa: has('lpa'),
    participant: has('participant'),
    agent: has('agent'),
  };
}

/** The roles a user holds, highest priority first. */
export function rolesOf(user: CurrentUser | null): ShellRole[] {
  if (!user) return [];
  const flags = roleFlags(user.groups);
  return ROLE_PRIORITY.filter((role) => flags[role]);
}

/** The area whose route tree and menu the user gets: the first of their roles by priority. */
export function primaryArea(user: CurrentUser | null): ShellArea {
  if (!user) return 'anonymous';
  return rolesOf(user)[0] ?? 'signedIn';
}

/** Light for the operator and LPA areas; dark while loading and for public, participant and agent views (SPEC 1). */
export function colourSchemeFor(area: ShellArea | 'loading'): 'light' | 'dark' {
  return area === 'sysAdmin' || area === 'admin' || area === 'lpa' ? 'light' : 'dark';
}
