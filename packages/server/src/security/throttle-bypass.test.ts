import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { signInAttempts } from '../auth/auth.tables.ts';
import { DEVICE_COOKIE } from '../auth/devices.ts';
import { createInvitedUser } from '../auth/managed-users.ts';

describeWithApp('security: throttling cannot be dodged, and does not lock the owner out', (t) => {
  const login = (username: string, password: string, options: { ip?: string; cookie?: string } = {}) =>
    requestJson(t.app, 'POST', '/api/auth/login', { username, password }, options);

  it('answers an oversized username with 422, records it, and throttles the address that keeps sending them', async () => {
    const ip = '10.20.0.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      statuses.push((await login('u'.repeat(100_000), 'whatever', { ip })).statusCode);
    }
    // The same oversized name counts as one account: after its five free failures it waits.
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(25).fill(429)]);
    const recorded = await t.db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.throttled, false)));
    expect(recorded).toHaveLength(5);
    expect(recorded.every((row) => row.username === null && row.accountKey.length < 100)).toBe(true);
  });

  it("lets the owner's known device through while an attacker elsewhere has made the account wait", async () => {
    const { user, password } = await buildUser(t.db);
    const first = await login(user.username, password, { ip: '10.21.0.1' });
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    for (let guess = 0; guess < 6; guess += 1)
      await login(user.username, `wrong-${guess}`, { ip: '10.21.0.2' });
    const stranger = await login(user.username, password, { ip: '10.21.0.3' });
    expect(stranger.statusCode).toBe(429);
    // A forged device mark does not help.
    const forged = `${DEVICE_COOKIE}=${user.id}.${Math.floor(Date.now() / 1000)}.${'0'.repeat(64)}`;
    expect((await login(user.username, password, { ip: '10.21.0.4', cookie: forged })).statusCode).toBe(429);
    const owner = await login(user.username, password, { ip: '10.21.0.1', cookie: cookiesFrom(first) });
    expect(owner.statusCode).toBe(200);
  });

  it('throttles invitation codes tried without a username across every address', async () => {
    await createInvitedUser(t.app.deps, {
      email: 'invited.throttle@example.org',
      displayName: 'Ivy Invited',
      groups: ['participant'],
      organisationId: null,
    });
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess += 1) {
      const response = await requestJson(
        t.app,
        'POST',
        '/api/auth/complete-invitation',
        { code: String(100_000 + guess), password: 'avocet-lagoon-33', confirmPassword: 'avocet-lagoon-33' },
        // A new address for every guess: the per-address limit alone would never stop this.
        { ip: `10.22.0.${guess + 1}` },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
