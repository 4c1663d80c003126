import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { latestCodeSentTo, signIn } from '../../test/auth.ts';
import { buildOrganisation, buildUser } from '../../test/factories.ts';
import { users } from './auth.tables.ts';
import { totpCode } from './totp.ts';

const MINUTE = 60_000;

describeWithApp('login', (t) => {
  const login = (username: string, password: string, cookie?: string) =>
    requestJson(t.app, 'POST', '/api/auth/login', { username, password }, cookie ? { cookie } : {});
  const currentUser = (cookie: string) => requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie });

  it('signs in with the right password and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const organisation = await buildOrganisation(t.db, { name: 'Marsh Farm Ltd' });
    const { user, password } = await buildUser(t.db, {
      organisationId: organisation.id,
      displayName: 'Ann Avocet',
    });
    const response = await login(user.username, password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        displayName: 'Ann Avocet',
        phone: '+447700900123',
        groups: ['participant'],
        organisation: { id: organisation.id, name: 'Marsh Farm Ltd', type: 'PARTICIPANT' },
      },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'curlew_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeUndefined();
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await currentUser(cookiesFrom(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, organisation: { name: 'Marsh Farm Ltd' } });
  });

  it('accepts the e-mail address (any case) as the username', async () => {
    const { user, password } = await buildUser(t.db);
    const response = await login(user.email.toUpperCase(), password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('marks the cookie Secure behind an HTTPS proxy when TRUST_PROXY is set', async () => {
    const app = await t.withConfig({ trustProxy: 1 });
    const { user, password } = await buildUser(t.db);
    const response = await requestJson(
      app,
      'POST',
      '/api/auth/login',
      { username: user.username, password },
      {
        headers: { 'x-forwarded-proto': 'https' },
      },
    );
    expect(response.cookies.find((cookie) => cookie.name === 'curlew_session')?.secure).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const { user } = await buildUser(t.db);
    const wrong = await login(user.username, 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'invalid_credentials',
        message: 'Incorrect username or password',
      });
      expect(response.cookies).toEqual([]);
    }
  });

  it('answers 422 with field errors when the username or password is missing', async () => {
    const response = await requestJson(t.app, 'POST', '/api/auth/login', { username: '  ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'validation',
      message: 'Field required',
      errors: [
        { path: 'username', message: 'Field required' },
        { path: 'password', message: 'Field required' },
      ],
    });
  });

  it('refuses a disabled account', async () => {
    const { user, password } = await buildUser(t.db, { disabled: true });
    const response = await login(user.username, password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden' });
  });

  it('answers USER_NOT_CONFIRMED for an unconfirmed user, without a session', async () => {
    const { user, password } = await buildUser(t.db, { confirmed: false });
    const response = await login(user.username, password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ challenge: 'USER_NOT_CONFIRMED' });
    expect(response.cookies).toEqual([]);
  });

  it('answers PASSWORD_RESET_REQUIRED and e-mails a reset code that sets a new password', async () => {
    const { user, password } = await buildUser(t.db, { resetRequired: true });
    const response = await login(user.username, password);
    expect(response.json()).toEqual({ challenge: 'PASSWORD_RESET_REQUIRED' });
    expect(response.cookies).toEqual([]);
    const code = await latestCodeSentTo(t.db, user.email);
    const update = await requestJson(t.app, 'POST', '/api/auth/update-password', {
      username: user.username,
      code,
      password: 'new-heron-password-7',
      confirmPassword: 'new-heron-password-7',
    });
    expect(update.statusCode).toBe(200);
    expect((await login(user.username, password)).statusCode).toBe(401);
    await signIn(t.app, user.username, 'new-heron-password-7');
  });

  it('answers NEW_PASSWORD_REQUIRED with a challenge cookie; new-password then signs in', async () => {
    const { user, password } = await buildUser(t.db, { mustChangePassword: true });
    const response = await login(user.username, password);
    expect(response.json()).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED' });
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['curlew_challenge']);
    expect(response.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    const challengeCookie = cookiesFrom(response);

    const mismatch = await requestJson(
      t.app,
      'POST',
      '/api/auth/new-password',
      {
        password: 'plover-shingle-22',
        confirmPassword: 'plover-shingle-23',
      },
      { cookie: challengeCookie },
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match' }]);

    const done = await requestJson(
      t.app,
      'POST',
      '/api/auth/new-password',
      {
        password: 'plover-shingle-22',
        confirmPassword: 'plover-shingle-22',
      },
      { cookie: challengeCookie },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect((await currentUser(cookiesFrom(done))).json()).toMatchObject({ id: user.id });

    const replay = await requestJson(
      t.app,
      'POST',
      '/api/auth/new-password',
      {
        password: 'another-plover-33',
        confirmPassword: 'another-plover-33',
      },
      { cookie: challengeCookie },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'unauthenticated' });
    expect((await login(user.username, password)).statusCode).toBe(401);
    await signIn(t.app, user.username, 'plover-shingle-22');
  });

  it('refuses new-password without the challenge cookie and after it expires', async () => {
    const body = { password: 'plover-shingle-22', confirmPassword: 'plover-shingle-22' };
    const without = await requestJson(t.app, 'POST', '/api/auth/new-password', body);
    expect(without.statusCode).toBe(401);
    const { user, password } = await buildUser(t.db, { mustChangePassword: true });
    const cookie = cookiesFrom(await login(user.username, password));
    t.clock.advance(10 * MINUTE + 1000);
    const late = await requestJson(t.app, 'POST', '/api/auth/new-password', body, { cookie });
    expect(late.statusCode).toBe(401);
  });

  it('refuses a common password as the new password', async () => {
    const { user, password } = await buildUser(t.db, { mustChangePassword: true });
    const cookie = cookiesFrom(await login(user.username, password));
    const response = await requestJson(
      t.app,
      'POST',
      '/api/auth/new-password',
      {
        password: 'password123',
        confirmPassword: 'password123',
      },
      { cookie },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'password', message: 'This password is too common' }]);
  });

  it('answers SOFTWARE_TOKEN_MFA when TOTP is on; checkTOTP with the code signs in, once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { user, password } = await buildUser(t.db, { totpEnabled: true, totpSecret: secret });
    const response = await login(user.username, password);
    expect(response.json()).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA' });
    const cookie = cookiesFrom(response);
    const code = totpCode(secret, t.clock.now());

    const wrong = await requestJson(
      t.app,
      'POST',
      '/api/auth/checkTOTP',
      { code: code === '000000' ? '111111' : '000000' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_code', message: 'Invalid code' });

    const right = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code }, { cookie });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(user.id);
    expect((await currentUser(cookiesFrom(right))).json()).toMatchObject({ id: user.id });

    const again = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code }, { cookie });
    expect(again.statusCode).toBe(401);

    // The same code cannot open a second sign-in either.
    const second = cookiesFrom(await login(user.username, password));
    const replay = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code }, { cookie: second });
    expect(replay.statusCode).toBe(400);
    t.clock.advance(30_000);
    const next = await requestJson(
      t.app,
      'POST',
      '/api/auth/checkTOTP',
      {
        code: totpCode(secret, t.clock.now()),
      },
      { cookie: second },
    );
    expect(next.statusCode).toBe(200);
  });

  it('goes on to SOFTWARE_TOKEN_MFA after a new password when TOTP is on', async () => {
    const secret = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';
    const { user, password } = await buildUser(t.db, {
      mustChangePassword: true,
      totpEnabled: true,
      totpSecret: secret,
    });
    const first = cookiesFrom(await login(user.username, password));
    const response = await requestJson(
      t.app,
      'POST',
      '/api/auth/new-password',
      {
        password: 'godwit-mudflat-88',
        confirmPassword: 'godwit-mudflat-88',
      },
      { cookie: first },
    );
    expect(response.json()).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA' });
    const done = await requestJson(
      t.app,
      'POST',
      '/api/auth/checkTOTP',
      {
        code: totpCode(secret, t.clock.now()),
      },
      { cookie: cookiesFrom(response) },
    );
    expect(done.statusCode).toBe(200);
  });

  it('rotates the session: the old cookie is refused after a new sign-in from the same browser', async () => {
    const { user, password } = await buildUser(t.db);
    const first = await signIn(t.app, user.username, password);
    const second = await signIn(t.app, user.username, password, { cookie: first });
    expect(second).not.toBe(first);
    expect((await currentUser(first)).json()).toEqual({ user: null });
    expect((await currentUser(second)).json()).toMatchObject({ id: user.id });
  });

  it('answers 200 { user: null } for GET /api/auth/user without a session or with an unknown token', async () => {
    for (const cookie of [undefined, 'curlew_session=made-up-token']) {
      const response = await requestJson(t.app, 'GET', '/api/auth/user', undefined, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('logs out: the session ends server-side and the cookie is cleared', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const response = await requestJson(t.app, 'POST', '/api/auth/logout', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const cleared = response.cookies.find((entry) => entry.name === 'curlew_session');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).json()).toEqual({ user: null });
  });

  it('ends a session idle for longer than the idle timeout; activity keeps it alive', async () => {
    const { user, password } = await buildUser(t.db);
    const active = await signIn(t.app, user.username, password);
    const idle = await signIn(t.app, user.username, password);
    t.clock.advance(50 * MINUTE);
    expect((await currentUser(active)).json()).toMatchObject({ id: user.id });
    t.clock.advance(50 * MINUTE);
    expect((await currentUser(active)).json()).toMatchObject({ id: user.id });
    expect((await currentUser(idle)).json()).toEqual({ user: null });
  });

  it('ends every session at the absolute timeout, however active', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    // 13 x 55 minutes = 11 h 55 min: never idle, still inside the 12 h limit.
    for (let step = 0; step < 13; step += 1) {
      t.clock.advance(55 * MINUTE);
      expect((await currentUser(cookie)).json()).toMatchObject({ id: user.id });
    }
    t.clock.advance(10 * MINUTE);
    expect((await currentUser(cookie)).json()).toEqual({ user: null });
  });

  it('ends the sessions of a user who is disabled', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await currentUser(cookie)).json()).toEqual({ user: null });
  });

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
