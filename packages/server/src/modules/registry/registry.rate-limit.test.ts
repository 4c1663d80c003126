import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { PUBLIC_REGISTRY_RATE_LIMIT } from './registry.routes.ts';

describeWithApp('public registry rate limit', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const publicRegistry = (ip: string) => requestJson(t.app, 'GET', '/api/public/registry', undefined, { ip });

  it('refuses an address with 429 beyond its requests a minute, and no other address or signed-in route', async () => {
    expect(PUBLIC_REGISTRY_RATE_LIMIT).toEqual({ max: 120, timeWindow: 60_000 });
    for (let request = 1; request <= PUBLIC_REGISTRY_RATE_LIMIT.max; request += 1) {
      const answer = await publicRegistry('203.0.113.7');
      expect(answer.statusCode, `request ${request}`).toBe(200);
    }

    const refused = await publicRegistry('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toEqual({
      error: 'too_many_attempts',
      message: `Too many requests from your address. Try again in ${body.retryAfterSeconds} seconds.`,
      retryAfterSeconds: expect.any(Number),
    });
    expect(body.retryAfterSeconds).toBeGreaterThan(1);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(body.retryAfterSeconds));

    expect((await publicRegistry('203.0.113.8')).statusCode).toBe(200);
    const signedIn = (url: string) =>
      requestJson(t.app, 'GET', url, undefined, { ip: '203.0.113.7', cookie: world.cookieOf('admin') });
    const credits = await signedIn('/api/credits/registry');
    expect(credits.statusCode).toBe(200);
    expect(credits.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await signedIn('/api/registry/totals')).statusCode).toBe(200);
  });
});
