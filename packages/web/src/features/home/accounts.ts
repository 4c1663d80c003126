import type { UserGroup } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** A user account as GET /api/auth/users lists it. */
export interface Account {
  id: string;
  username: string;
  email: string;
  displayName: string;
  groups: UserGroup[];
  organisationId: string | null;
  disabled: boolean;
  confirmed: boolean;
}

/** The accounts the signed-in user may see: all of them for the operator, their organisation's otherwise. */
export function useAccounts() {
  return useQuery({ queryKey: ['auth', 'users'], queryFn: () => api.get<Account[]>('/api/auth/users') });
}

/** How each user group is named on screen. */
export const GROUP_LABELS = {
  admin: 'Administrator',
  sysadmin: 'System administrator',
  lpa: 'Local planning',
  participant: 'Participant',
  agent: 'Agent',
} as const satisfies Record<UserGroup, string>;

/** An account's state: disabled, awaiting confirmation, or active. */
export function accountStatus(account: Pick<Account, 'disabled' | 'confirmed'>): string {
  if (account.disabled) return 'Disabled';
  if (!account.confirmed) return 'Not confirmed';
  return 'Active';
}

/** How many accounts hold each group, in the order of GROUP_LABELS. */
export function countByGroup(
  accounts: readonly Pick<Account, 'groups'>[],
): { group: UserGroup; count: number }[] {
  const groups = Object.keys(GROUP_LABELS) as UserGroup[];
  return groups.map((group) => ({
    group,
    count: accounts.filter((account) => account.groups.includes(group)).length,
  }));
}
