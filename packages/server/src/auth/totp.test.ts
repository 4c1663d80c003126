import { expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { buildUser } from '../../test/factories.ts';
import { totpCode } from './totp.ts';

describeWithApp('TOTP second factor', (t) => {
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
