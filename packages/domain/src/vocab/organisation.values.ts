// Plain organisation vocabulary without zod, so the shell and the sign-in pages can use it without loading
// classic zod (organisation.ts adds the zod rules and re-exports all of this).

/** Organisation types (SPEC 1 and 3). */
export const ORGANISATION_TYPES = ['OPER', 'PARTICIPANT', 'LPA', 'AGENT'] as const;
/** One organisation type. */
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
/** Human labels of the organisation types (SPEC 1). */
export const ORGANISATION_TYPE_LABELS = {
  OPER: 'Market operator',
  PARTICIPANT: 'Participant',
  LPA: 'Local planning authority',
  AGENT: 'Agent',
} as const satisfies Record<OrganisationType, string>;

/** Organisation types a user may choose when signing up (operator and LPA organisations are created by the operator). */
export const SIGN_UP_ORGANISATION_TYPES = ['PARTICIPANT', 'AGENT'] as const;
/** An organisation type open to sign-up. */
export type SignUpOrganisationType = (typeof SIGN_UP_ORGANISATION_TYPES)[number];

/** User groups, from which the shell derives its role flags (SPEC 3 and 6). */
export const USER_GROUPS = ['admin', 'agent', 'lpa', 'participant', 'sysadmin'] as const;
/** One user group. */
export type UserGroup = (typeof USER_GROUPS)[number];

/** The shell's role flags in the priority order that picks the menu and route tree (SPEC 2 "Shell"). */
export const ROLES = ['sysAdmin', 'admin', 'lpa', 'participant', 'agent'] as const;
/** One shell role flag. */
export type Role = (typeof ROLES)[number];
/** The user group that grants each role flag. */
const ROLE_GROUPS = {
  sysAdmin: 'sysadmin',
  admin: 'admin',
  lpa: 'lpa',
  participant: 'participant',
  agent: 'agent',
} as const satisfies Record<Role, UserGroup>;

/** The role flags of a user with these groups (SPEC 6). */
export const roleFlags = (groups: readonly string[]): Record<Role, boolean> => ({
  sysAdmin: groups.includes(ROLE_GROUPS.sysAdmin),
  admin: groups.includes(ROLE_GROUPS.admin),
  lpa: groups.includes(ROLE_GROUPS.lpa),
  participant: groups.includes(ROLE_GROUPS.participant),
  agent: groups.includes(ROLE_GROUPS.agent),
});

/** The highest-priority role of a user, which picks the menu; null means the authentication menu. */
export const primaryRole = (groups: readonly string[]): Role | null => {
  const flags = roleFlags(groups);
  return ROLES.find((role) => flags[role]) ?? null;
};
