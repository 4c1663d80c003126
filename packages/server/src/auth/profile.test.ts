import { expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { buildOrganisation, buildUser } from '../../test/factories.ts';
import { totpCode } from './totp.ts';

describeWithApp('profile, TOTP, users, policy and client configuration', (t) => {
  it('updates the display name and phone of the signed-in user', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const response = await requestJson(
      t.app,
      'PUT',
      '/api/auth/user',
      {
        displayName: 'Rita Redshank',
        phone: '+44 7700 900999',
      },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      displayName: 'Rita Redshank',
      phone: '+447700900999',
    });
    const me = await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie });
    expect(me.json()).toMatchObject({ displayName: 'Rita Redshank', phone: '+447700900999' });
  });

  it('refuses a profile update with invalid fields or without a session', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const invalid = await requestJson(
      t.app,
      'PUT',
      '/api/auth/user',
      { displayName: '', phone: '123' },
      { cookie },
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual([
      { path: 'displayName', message: 'Field required' },
      { path: 'phone', message: 'Not a valid phone number' },
    ]);
    const anonymous = await requestJson(t.app, 'PUT', '/api/auth/user', {
      displayName: 'X',
      phone: '+447700900999',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthenticated', message: 'You need to sign in' });
  });

  it('refuses a phone too short for its country, and lets a user without a phone keep none', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const short = await requestJson(
      t.app,
      'PUT',
      '/api/auth/user',
      { displayName: 'Rita', phone: '+44 123' },
      { cookie },
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ path: 'phone', message: 'Not a valid phone number' }]);
    const blank = await requestJson(
      t.app,
      'PUT',
      '/api/auth/user',
      { displayName: 'Rita', phone: '' },
      { cookie },
    );
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([{ path: 'phone', message: 'Field required' }]);

    const { user: invited, password: invitedPassword } = await buildUser(t.db, { phone: null });
    const invitedCookie = await signIn(t.app, invited.username, invitedPassword);
    const saved = await requestJson(
      t.app,
      'PUT',
      '/api/auth/user',
      { displayName: 'Ivy Invited', phone: '' },
      { cookie: invitedCookie },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Ivy Invited', phone: null });
  });

  it('lists all users to an operator admin and only its own organisation to anyone else', async () => {
    const operator = await buildOrganisation(t.db, { type: 'OPER', name: 'Operator' });
    const { user: admin, password } = await buildUser(t.db, {
      organisationId: operator.id,
      groups: ['admin'],
    });
    const participant = await buildOrganisation(t.db);
    const { user: member } = await buildUser(t.db, { organisationId: participant.id });
    const { user: colleague } = await buildUser(t.db, { organisationId: participant.id, confirmed: false });
    const { user: outsider } = await buildUser(t.db);

    const adminCookie = await signIn(t.app, admin.username, password);
    const all = await requestJson(t.app, 'GET', '/api/auth/users', undefined, { cookie: adminCookie });
    const allIds = all.json().map((entry: { id: string }) => entry.id);
    expect(allIds).toEqual(expect.arrayContaining([admin.id, member.id, colleague.id, outsider.id]));

    const memberCookie = await signIn(t.app, member.username, password);
    const own = await requestJson(t.app, 'GET', '/api/auth/users', undefined, { cookie: memberCookie });
    expect(own.json()).toEqual(
      [member, colleague]
        .sort((a, b) => a.username.localeCompare(b.username))
        .map((entry) => ({
          id: entry.id,
          username: entry.username,
          email: entry.email,
          displayName: entry.displayName,
          groups: ['participant'],
          organisationId: participant.id,
          disabled: false,
          confirmed: entry.confirmed,
        })),
    );
    expect((await requestJson(t.app, 'GET', '/api/auth/users')).statusCode).toBe(401);
  });

  it('states the password policy', async () => {
    const response = await requestJson(t.app, 'GET', '/api/auth/password-policy');
    expect(response.json()).toMatchObject({ minLength: 8, maxLength: 128, commonPasswordsRefused: true });
    expect(response.json().text).toContain('Common passwords are refused');
  });

  it('serves env.js with whether sign-up is enabled and whether this is production', async () => {
    const response = await requestJson(t.app, 'GET', '/api/auth/env.js');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toBe(
      'window.CURLEW_ENV = {"signUpEnabled":true,"production":false,"publicRegistry":true};\n',
    );
    const closed = await t.withConfig({ signUpEnabled: false, production: true, nodeEnv: 'production' });
    const closedResponse = await requestJson(closed, 'GET', '/api/auth/env.js');
    expect(closedResponse.body).toBe(
      'window.CURLEW_ENV = {"signUpEnabled":false,"production":true,"publicRegistry":true};\n',
    );
  });

  it('shows the outbox outside production to a system administrator, newest first and filtered', async () => {
    const { user, password } = await buildUser(t.db, { groups: ['admin', 'sysadmin'] });
    const cookie = await signIn(t.app, user.username, password);
    await t.app.deps.mailer.send({ to: 'first@outbox.example', subject: 'One', text: 'first' });
    t.clock.advance(1000);
    await t.app.deps.mailer.send({ to: 'second@outbox.example', subject: 'Two', text: 'second' });
    await t.app.deps.mailer.send({ to: 'first@outbox.example', subject: 'Three', text: 'third' });
    const filtered = await requestJson(t.app, 'GET', '/api/dev/outbox?to=First@Outbox.example', undefined, {
      cookie,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().map((mail: { subject: string }) => mail.subject)).toEqual(['Three', 'One']);
    expect(filtered.json()[0]).toEqual({
      id: expect.any(Number),
      to: 'first@outbox.example',
      subject: 'Three',
      text: 'third',
      createdAt: t.clock.now().toISOString(),
    });
    const all = await requestJson(t.app, 'GET', '/api/dev/outbox', undefined, { cookie });
    expect(all.json().map((mail: { subject: string }) => mail.subject)).toEqual(
      expect.arrayContaining(['One', 'Two', 'Three']),
    );
  });

  it('refuses the outbox without a session and to anyone but a system administrator', async () => {
    await t.app.deps.mailer.send({ to: 'secret@outbox.example', subject: 'Code', text: '123456' });
    const anonymous = await requestJson(t.app, 'GET', '/api/dev/outbox');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthenticated', message: 'You need to sign in' });
    for (const groups of [['admin'], ['participant'], ['agent'], ['lpa']] as const) {
      const { user, password } = await buildUser(t.db, { groups: [...groups] });
      const cookie = await signIn(t.app, user.username, password);
      const response = await requestJson(t.app, 'GET', '/api/dev/outbox', undefined, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'forbidden',
        message: 'Only a system administrator may read the mail outbox',
      });
    }
  });

  it('hides the outbox in production, even from a system administrator', async () => {
    const production = await t.withConfig({ production: true, nodeEnv: 'production' });
    const { user, password } = await buildUser(t.db, { groups: ['admin', 'sysadmin'] });
    const cookie = await signIn(production, user.username, password);
    const response = await requestJson(production, 'GET', '/api/dev/outbox', undefined, { cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  const post = (url: string, body: unknown, cookie: string) =>
    requestJson(t.app, 'POST', url, body, { cookie });
  const isEnabled = async (cookie: string) =>
    (await requestJson(t.app, 'GET', '/api/auth/isTOTPEnabled', undefined, { cookie })).json();

  it('is enabled in two steps, then demanded at sign-in, then disabled with a code', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    expect(await isEnabled(cookie)).toEqual({ enabled: false });

    const enable = await post('/api/auth/enableTOTP', {}, cookie);
    expect(enable.statusCode).toBe(200);
    const { secret, otpauthUrl } = enable.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`otpauth://totp/Curlew:${encodeURIComponent(user.username)}?`);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // Pending until verified: sign-in does not ask for a code yet.
    expect(await isEnabled(cookie)).toEqual({ enabled: false });

    const wrong = await post('/api/auth/verifyTOTP', { code: totpCode(secret, new Date(0)) }, cookie);
    expect(wrong.statusCode).toBe(400);
    const verify = await post('/api/auth/verifyTOTP', { code: totpCode(secret, t.clock.now()) }, cookie);
    expect(verify.json()).toEqual({ enabled: true });
    expect(await isEnabled(cookie)).toEqual({ enabled: true });

    const again = await post('/api/auth/enableTOTP', {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('invalid_status');

    const login = await requestJson(t.app, 'POST', '/api/auth/login', { username: user.username, password });
    expect(login.json()).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA' });
    t.clock.advance(30_000);
    const checked = await requestJson(
      t.app,
      'POST',
      '/api/auth/checkTOTP',
      {
        code: totpCode(secret, t.clock.now()),
      },
      { cookie: cookiesFrom(login) },
    );
    expect(checked.statusCode).toBe(200);
    const session = cookiesFrom(checked);

    const badDisable = await post('/api/auth/disableTOTP', { code: '12345' }, session);
    expect(badDisable.statusCode).toBe(422);
    expect(badDisable.json().errors).toEqual([{ path: 'code', message: 'Must be a 6-digit code' }]);
    t.clock.advance(30_000);
    const disable = await post('/api/auth/disableTOTP', { code: totpCode(secret, t.clock.now()) }, session);
    expect(disable.json()).toEqual({ enabled: false });
    const plain = await requestJson(t.app, 'POST', '/api/auth/login', { username: user.username, password });
    expect(plain.json()).not.toHaveProperty('challenge');
  });

  it('refuses verify and disable in the wrong state, and every call without a session', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    expect((await post('/api/auth/verifyTOTP', { code: '123456' }, cookie)).statusCode).toBe(409);
    expect((await post('/api/auth/disableTOTP', { code: '123456' }, cookie)).statusCode).toBe(409);
    for (const url of ['/api/auth/enableTOTP', '/api/auth/verifyTOTP', '/api/auth/disableTOTP']) {
      expect((await requestJson(t.app, 'POST', url, { code: '123456' })).statusCode).toBe(401);
    }
    expect((await requestJson(t.app, 'GET', '/api/auth/isTOTPEnabled')).statusCode).toBe(401);
  });
});
