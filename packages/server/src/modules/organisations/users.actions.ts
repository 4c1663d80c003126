import { USER_ACTIONS } from '@curlew/domain';
import { requirePasswordReset } from '../../auth/managed-users.ts';
import { endAllSessions } from '../../auth/sessions.ts';
import type { UserRow } from '../../auth/users.repo.ts';
import { allow, deny, denyRole, OPERATOR_ONLY } from '../../platform/actions/policy.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { PolicyRule, RecordHandlers, RecordPolicies } from '../../platform/actions/types.ts';
import { type UserRelation, userKind } from './users.kind.ts';

const operatorButNotOnSelf: PolicyRule<UserRow, UserRelation> = ({ relation }) => {
  if (relation === 'self') return deny('You cannot do this to your own account');
  return relation === 'operator' ? allow : denyRole(OPERATOR_ONLY);
};

/** Only the market operator manages accounts, and never their own (no locking oneself out). */
const userPolicies = {
  Disable: operatorButNotOnSelf,
  Enable: operatorButNotOnSelf,
  ForcePasswordReset: operatorButNotOnSelf,
} satisfies RecordPolicies<typeof USER_ACTIONS, UserRow, UserRelation>;

/**
 * Disable ends every session (the runner writes Disabled); Enable lets the user in again (the runner writes
 * Active); ForcePasswordReset demands a reset by code.
 */
const userHandlers = {
  Disable: {
    async handle({ tx, record }) {
      await endAllSessions(tx, record.id);
      return undefined;
    },
  },
  Enable: {
    async handle() {
      return undefined;
    },
  },
  ForcePasswordReset: {
    async handle({ deps, record }) {
      await requirePasswordReset(deps, record.id);
      return { message: `${record.displayName} must reset their password at the next sign-in` };
    },
  },
} satisfies RecordHandlers<typeof USER_ACTIONS, UserRow, UserRelation>;

/** Account actions on `/user/{id}` (also reachable as `POST /api/user/{id}/disable|enable|force-password-reset`). */
export const userActions = defineEntityActions({
  kind: userKind,
  definitions: USER_ACTIONS,
  policies: userPolicies,
  handlers: userHandlers,
});
