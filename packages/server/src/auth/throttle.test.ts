import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookiesFrom, describeWithApp, requestJson } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { signInAttempts } from './auth.tables.ts';
import { ACCOUNT_RULE, type PastAttempt, waitBeforeNextGuess } from './throttle.ts';
import { totpCode } from './totp.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('waitBeforeNextGuess', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const failuresAgo = (...secondsAgo: number[]): PastAttempt[] =>
    secondsAgo.map((seconds) => ({ success: false, at: new Date(now.getTime() - seconds * SECOND) }));

  it.each([
    { failures: 4, wait: 0 },
    { failures: 5, wait: 1 * SECOND },
    { failures: 6, wait: 2 * SECOND },
    { failures: 7, wait: 4 * SECOND },
    { failures: 9, wait: 16 * SECOND },
  ])('after $failures failures just now, waits $wait ms', ({ failures, wait }) => {
    const attempts = failuresAgo(...Array.from({ length: failures }, () => 0));
    const windowWait = failures >= 10 ? 5 * MINUTE : 0;
    expect(waitBeforeNextGuess(attempts, now, ACCOUNT_RULE)).toBe(Math.max(wait, windowWait));
  });

  it('caps the wait at 15 minutes', () => {
    const attempts = failuresAgo(...Array.from({ length: 40 }, (_, index) => index * 3600));
    expect(waitBeforeNextGuess(attempts, now, ACCOUNT_RULE)).toBe(15 * MINUTE);
  });

  it('forgets failures before the last success', () => {
    const attempts = [...failuresAgo(0, 0, 0, 0), { success: true, at: now }, ...failuresAgo(1, 1, 1, 1, 1)];
    expect(waitBeforeNextGuess(attempts, now, ACCOUNT_RULE)).toBe(0);
  });

  it('allows at most 10 failures in 5 minutes, even when each wait was respected', () => {
    // Ten failures 31 s apart span 279 s; the oldest leaves the window 21 s from now.
    const attempts = failuresAgo(...Array.from({ length: 10 }, (_, index) => index * 31));
    const exponential = 32 * SECOND;
    expect(waitBeforeNextGuess(attempts, now, ACCOUNT_RULE)).toBe(Math.max(exponential, 21 * SECOND));
    const spaced = failuresAgo(...Array.from({ length: 10 }, (_, index) => 2 + index * 20));
    expect(waitBeforeNextGuess(spaced, now, ACCOUNT_RULE)).toBe(5 * MINUTE - 182 * SECOND);
  });

  it('is over once the wait has passed', () => {
    expect(waitBeforeNextGuess(failuresAgo(2, 2, 2, 2, 2), now, ACCOUNT_RULE)).toBe(0);
  });
});

describeWithApp('sign-in throttling', (t) => {
  let ipSequence = 0;
  const freshIp = () => {
    ipSequence += 1;
    return `198.51.100.${ipSequence}`;
  };
  const login = (username: string, password: string, ip = freshIp(), headers: Record<string, string> = {}) =>
    requestJson(t.app, 'POST', '/api/auth/login', { username, password }, { ip, headers });

  it('makes the 6th bad password wait (429 with Retry-After) and refuses even the right password meanwhile', async () => {
    const { user, password } = await buildUser(t.db);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(user.username, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const sixth = await login(user.username, 'wrong-password', ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('1');
    expect(sixth.json()).toEqual({
      error: 'too_many_attempts',
      message: 'Too many attempts. Try again in 1 second.',
      retryAfterSeconds: 1,
    });
    const right = await login(user.username, password, freshIp());
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toEqual([]);

    t.clock.advance(SECOND);
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, and refused tries do not extend it', async () => {
    const { user } = await buildUser(t.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(user.username, 'wrong-password');
    t.clock.advance(SECOND);
    expect((await login(user.username, 'wrong-password')).statusCode).toBe(401);
    const waiting = await login(user.username, 'wrong-password');
    expect(waiting.json().retryAfterSeconds).toBe(2);
    t.clock.advance(SECOND);
    expect((await login(user.username, 'wrong-password')).json().retryAfterSeconds).toBe(1);
    t.clock.advance(SECOND);
    expect((await login(user.username, 'wrong-password')).statusCode).toBe(401);
    expect((await login(user.username, 'wrong-password')).json().retryAfterSeconds).toBe(4);
  });

  it('never locks an account for good: the wait stops growing at 15 minutes', async () => {
    const { user, password } = await buildUser(t.db);
    let lastWait = 0;
    for (let failures = 0; failures < 20; ) {
      const response = await login(user.username, 'wrong-password');
      if (response.statusCode === 429) {
        lastWait = response.json().retryAfterSeconds;
        t.clock.advance(lastWait * SECOND);
      } else {
        expect(response.statusCode).toBe(401);
        failures += 1;
      }
    }
    expect(lastWait).toBe(15 * 60);
    const locked = await login(user.username, password);
    expect(locked.json().retryAfterSeconds).toBe(15 * 60);
    expect(locked.json().message).toBe('Too many attempts. Try again in 15 minutes.');
    t.clock.advance(15 * MINUTE);
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it('throttles an IP address guessing across many accounts', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(`unknown-person-${attempt}`, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const { user, password } = await buildUser(t.db);
    expect((await login(user.username, password, ip)).statusCode).toBe(429);
    expect((await login(user.username, password, freshIp())).statusCode).toBe(200);
  });

  it('throttles unknown usernames like real ones', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await login('No-Such-User', 'wrong-password');
    expect((await login('no-such-user', 'wrong-password')).statusCode).toBe(429);
  });

  it('throttles TOTP codes per account', async () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const { user, password } = await buildUser(t.db, { totpEnabled: true, totpSecret: secret });
    const ip = freshIp();
    const cookie = cookiesFrom(await login(user.username, password, ip));
    const good = totpCode(secret, t.clock.now());
    const bad = good === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code: bad }, { cookie, ip });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code: good }, { cookie, ip });
    expect(blocked.statusCode).toBe(429);
    t.clock.advance(SECOND);
    const code = totpCode(secret, t.clock.now());
    const allowed = await requestJson(t.app, 'POST', '/api/auth/checkTOTP', { code }, { cookie, ip });
    expect(allowed.statusCode).toBe(200);
  });

  it('records every attempt with the anti-fraud header and never the password', async () => {
    const { user, password } = await buildUser(t.db);
    const fraudData = Buffer.from(
      JSON.stringify({ username: user.username, timezone: 'Europe/London' }),
    ).toString('base64');
    const ip = freshIp();
    await login(user.username, 'a-wrong-guess-99', ip, { 'x-curlew-fraud-data': fraudData });
    t.clock.advance(SECOND);
    await login(user.username, password, ip, { 'x-curlew-fraud-data': fraudData });
    const rows = await t.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.userId, user.id))
      .orderBy(desc(signInAttempts.at));
    expect(
      rows.map((row) => ({ success: row.success, ip: row.ip, fraudData: row.fraudData, kind: row.kind })),
    ).toEqual([
      { success: true, ip, fraudData, kind: 'password' },
      { success: false, ip, fraudData, kind: 'password' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('a-wrong-guess-99');
    expect(JSON.stringify(rows)).not.toContain(password);
  });
});
