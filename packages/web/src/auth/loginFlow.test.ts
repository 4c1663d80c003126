import { LOGIN_CHALLENGES } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import { loginOutcome } from './loginFlow.ts';

const context = { username: 'sam@example.org', redirect: '/projects/7?tab=docs' };

describe('loginOutcome', () => {
  it('sends a signed-in user to the redirect target', () => {
    expect(loginOutcome({ challenge: null }, context)).toEqual({
      kind: 'navigate',
      to: '/projects/7?tab=docs',
      signedIn: true,
    });
  });

  it('sends a signed-in user home when there is no redirect or it leaves the site', () => {
    expect(loginOutcome({}, { ...context, redirect: null })).toMatchObject({ to: '/', signedIn: true });
    expect(loginOutcome({}, { ...context, redirect: 'https://evil.example' })).toMatchObject({ to: '/' });
    expect(loginOutcome({}, { ...context, redirect: '//evil.example' })).toMatchObject({ to: '/' });
  });

  it('routes every known challenge to its page', () => {
    const routes = Object.fromEntries(
      LOGIN_CHALLENGES.map((challenge) => [challenge, loginOutcome({ challenge }, context)]),
    );
    expect(routes).toEqual({
      NEW_PASSWORD_REQUIRED: {
        kind: 'navigate',
        to: '/newPassword?redirect=%2Fprojects%2F7%3Ftab%3Ddocs',
        signedIn: false,
      },
      SOFTWARE_TOKEN_MFA: {
        kind: 'navigate',
        to: '/checkTOTP?redirect=%2Fprojects%2F7%3Ftab%3Ddocs',
        signedIn: false,
      },
      PASSWORD_RESET_REQUIRED: {
        kind: 'navigate',
        to: '/updatePassword?username=sam%40example.org',
        signedIn: false,
      },
      USER_NOT_CONFIRMED: { kind: 'navigate', to: '/confirmSignUp?email=sam%40example.org', signedIn: false },
    });
  });

  it('keeps challenge pages plain when there is no redirect', () => {
    expect(loginOutcome({ challenge: 'SOFTWARE_TOKEN_MFA' }, { ...context, redirect: null })).toMatchObject({
      to: '/checkTOTP',
    });
  });

  it('shows a toast for a challenge it does not know', () => {
    expect(loginOutcome({ challenge: 'SMS_MFA' }, context)).toEqual({
      kind: 'toast',
      message: 'Login failed: SMS_MFA',
    });
  });
});
