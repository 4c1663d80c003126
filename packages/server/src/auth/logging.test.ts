import { expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { latestCodeSentTo } from '../../test/auth.ts';
import { buildUser } from '../../test/factories.ts';

describeWithApp('logging', (t) => {
  it('logs every sign-in attempt and authorisation failure, never a password, code or cookie', async () => {
    const lines: string[] = [];
    const app = await t.withConfig(
      { logLevel: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    const { user, password } = await buildUser(t.db, { resetRequired: true });
    await requestJson(app, 'POST', '/api/auth/login', {
      username: user.username,
      password: 'guess-number-one',
    });
    const challenged = await requestJson(app, 'POST', '/api/auth/login', {
      username: user.username,
      password,
    });
    const code = await latestCodeSentTo(t.db, user.email);
    await requestJson(app, 'POST', '/api/auth/update-password', {
      username: user.username,
      code,
      password: 'lapwing-field-63',
      confirmPassword: 'lapwing-field-63',
    });
    const signedIn = await requestJson(app, 'POST', '/api/auth/login', {
      username: user.username,
      password: 'lapwing-field-63',
    });
    const sessionCookie = cookiesFrom(signedIn);
    await requestJson(app, 'GET', '/api/auth/isTOTPEnabled');
    await requestJson(app, 'GET', '/api/auth/user', undefined, { cookie: sessionCookie });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const attempts = entries.filter((entry) => entry.event === 'sign_in_attempt');
    expect(attempts.map((entry) => [entry.kind, entry.success, entry.challenge])).toEqual([
      ['password', false, undefined],
      ['password', true, 'PASSWORD_RESET_REQUIRED'],
      ['code', true, 'reset'],
      ['password', true, undefined],
    ]);
    expect(attempts[0]).toMatchObject({ username: user.username, userId: user.id, ip: '127.0.0.1' });
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'authorisation_failure',
        code: 'unauthenticated',
        url: '/api/auth/isTOTPEnabled',
      }),
    );
    expect(challenged.statusCode).toBe(200);
    const everything = lines.join('\n');
    for (const secret of [
      password,
      'guess-number-one',
      'lapwing-field-63',
      code,
      sessionCookie.split('=')[1] ?? '',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
