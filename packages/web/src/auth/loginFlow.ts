import type { CurrentUser } from '@curlew/domain';
import { safeRedirectTarget } from '../app/redirect.ts';

/** What POST /api/auth/login (and new-password, checkTOTP) answers. */
export interface LoginAnswer {
  challenge?: string | null;
  user?: CurrentUser;
}

/** Where a login answer leads: a page (signed in or not yet), or a toast for a challenge we do not know. */
export type LoginOutcome =
  | { kind: 'navigate'; to: string; signedIn: boolean }
  | { kind: 'toast'; message: string };

const withRedirect = (path: string, redirect: string | null): string =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

/**
 * Routes a login answer per SPEC 4 "Sign-in flow": each challenge to its page, no challenge to the redirect
 * target (same-origin only) or home, anything else to the toast 'Login failed: {challenge}'.
 */
export function loginOutcome(
  answer: LoginAnswer,
  context: { username: string; redirect: string | null },
): LoginOutcome {
  const { challenge } = answer;
  if (!challenge) return { kind: 'navigate', to: safeRedirectTarget(context.redirect), signedIn: true };
  switch (challenge) {
    case 'NEW_PASSWORD_REQUIRED':
      return { kind: 'navigate', to: withRedirect('/newPassword', context.redirect), signedIn: false };
    case 'SOFTWARE_TOKEN_MFA':
      return { kind: 'navigate', to: withRedirect('/checkTOTP', context.redirect), signedIn: false };
    case 'PASSWORD_RESET_REQUIRED':
      return {
        kind: 'navigate',
        to: `/updatePassword?username=${encodeURIComponent(context.username)}`,
        signedIn: false,
      };
    case 'USER_NOT_CONFIRMED':
      return {
        kind: 'navigate',
        to: `/confirmSignUp?email=${encodeURIComponent(context.username)}`,
        signedIn: false,
      };
    default:
      return { kind: 'toast', message: `Login failed: ${challenge}` };
  }
}
