import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { type AppRoute, appRoutes, fillPath } from './routes.testing.ts';

/**
 * The only routes that answer without a session: health, readiness and metrics, the API's description, the
 * planning-area boundaries, the sign-in flows, the public client settings, the public registry and a round's public
 * opportunity statement.
 */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  // Readiness for a load balancer: the checks' outcomes only, no data.
  'GET /api/ready',
  // Metrics answer this machine's own connections only, or the metrics token (platform/ops.test.ts refuses the rest).
  'GET /metrics',
  // The API's description and its reading page: the routes and schemas, never data.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:asset',
  // England's planning-authority boundaries (Open Government Licence data): the same for everyone.
  'GET /api/map/areas',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/new-password',
  'POST /api/auth/checkTOTP',
  'POST /api/auth/confirm-sign-up',
  'POST /api/auth/complete-invitation',
  'POST /api/auth/sign-up',
  'POST /api/auth/resend-confirmation',
  'POST /api/auth/reset-password',
  'POST /api/auth/update-password',
  // Without a session it answers { user: null } and nothing else (see the test below).
  'GET /api/auth/user',
  'GET /api/auth/password-policy',
  'GET /api/auth/env.js',
  // The public registry: sites, areas, statuses and units only (PUBLIC_REGISTRY=off answers 404).
  'GET /api/public/registry',
  // A round's opportunity statement once the operator made it public: units, fees, dates and reserve, no names or prices.
  'GET /api/public/round/:roundId/opportunity',
  // The rounds whose statement is public: round and market names and a date, no figures, names of records or prices.
  'GET /api/public/opportunity-statements',
  'GET /api/public/registry.geojson',
]);

const key = (route: AppRoute): string => `${route.method} ${route.path}`;
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const paramValue = (param: string): string =>
  param === 'actionId' ? 'Update' : param === 'type' ? 'project-types' : SOME_ID;

describeWithApp('security: every route without a session', (t) => {
  it('lists only routes that exist as public, and the outbox is not one of them', () => {
    const routes = new Set(appRoutes(t.app).map(key));
    expect(routes.size).toBeGreaterThan(40);
    expect([...PUBLIC_ROUTES].filter((route) => !routes.has(route))).toEqual([]);
    expect(routes.has('GET /api/dev/outbox')).toBe(true);
    expect(PUBLIC_ROUTES.has('GET /api/dev/outbox')).toBe(false);
  });

  it('answers 401 on every other route, without a cookie and with an unknown session cookie', async () => {
    const answered: string[] = [];
    for (const route of appRoutes(t.app).filter((candidate) => !PUBLIC_ROUTES.has(key(candidate)))) {
      const url = fillPath(route.path, paramValue);
      for (const cookie of [undefined, 'curlew_session=forged-or-expired-token']) {
        const response = await requestJson(t.app, route.method, url, {}, cookie ? { cookie } : {});
        answered.push(
          `${key(route)} ${response.statusCode} ${response.body.startsWith('{') ? response.json().error : response.body.slice(0, 40)}`,
        );
      }
    }
    expect(answered.filter((line) => !line.endsWith(' 401 unauthenticated'))).toEqual([]);
  });

  it('answers GET /api/auth/user without a session with { user: null } and nothing more', async () => {
    for (const cookie of [undefined, 'curlew_session=forged-or-expired-token']) {
      const response = await requestJson(t.app, 'GET', '/api/auth/user', undefined, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"user":null}');
    }
  });
});
