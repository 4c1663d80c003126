import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { MIN_ANSWER_MS } from '../auth/parity.ts';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

describeWithApp('security: nobody can tell whether an account exists', (t) => {
  const post = (url: string, body: unknown, ip = '127.0.0.1') =>
    requestJson(t.app, 'POST', url, body, { ip });

  /** Status, body and the elapsed milliseconds of one request. */
  const timed = async (url: string, body: unknown) => {
    const started = performance.now();
    const response = await post(url, body);
    return { status: response.statusCode, body: response.json(), ms: performance.now() - started };
  };

  it('answers a sign-up with a taken e-mail address exactly as one with a new address', async () => {
    const { user } = await buildUser(t.db, { email: 'taken.address@example.org' });
    const body = (email: string) => ({
      password: 'godwit-mudflat-22',
      confirmPassword: 'godwit-mudflat-22',
      displayName: 'Gail Godwit',
      phone: '+447700900888',
      email,
      organisationName: 'Godwit Holdings',
      organisationType: 'PARTICIPANT',
      mailingAddress: '1 Marsh Lane, Snettisham',
    });
    const taken = await post('/api/auth/sign-up', body(user.email.toUpperCase()), '10.7.0.1');
    const fresh = await post('/api/auth/sign-up', body('brand.new.address@example.org'), '10.7.0.2');
    expect([taken.statusCode, fresh.statusCode]).toEqual([200, 200]);
    expect(taken.json()).toEqual({ username: 'taken.address@example.org' });
    expect(fresh.json()).toEqual({ username: 'brand.new.address@example.org' });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
  });

  for (const [url, field, known] of [
    ['/api/auth/reset-password', 'username', 'parity.reset@example.org'],
    ['/api/auth/resend-confirmation', 'email', 'parity.resend@example.org'],
  ] as const) {
    it(`answers ${url} the same, in the same time, for existing and unknown accounts`, async () => {
      await buildUser(t.db, { email: known, username: known, confirmed: url.endsWith('reset-password') });
      const existing = [];
      const unknown = [];
      // Interleaved, so a slow moment of the machine falls on both sides alike.
      for (let round = 0; round < 15; round += 1) {
        existing.push(await timed(url, { [field]: known }));
        unknown.push(await timed(url, { [field]: `nobody-${round}@example.org` }));
      }
      for (const answer of [...existing, ...unknown]) {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: {} });
        // Both paths wait for the same minimum; the work itself takes a few milliseconds.
        expect(answer.ms).toBeGreaterThanOrEqual(MIN_ANSWER_MS.reset - 1);
      }
      const [slower, faster] = [median(existing.map((a) => a.ms)), median(unknown.map((a) => a.ms))].sort(
        (a, b) => b - a,
      );
      expect((slower ?? 0) / (faster ?? 1)).toBeLessThan(2);
    }, 60_000);
  }
});
