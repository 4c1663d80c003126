import { apiTokenListSchema, createdApiTokenSchema } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { buildWorld, type World } from '../../test/world.ts';
import { TOKEN_REFUSED } from './api-tokens.ts';
import { apiTokens } from './auth.tables.ts';
import { sha256 } from './tokens.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

const DAY_MS = 86_400_000;

describeWithApp('personal API tokens', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const create = (cookie: string, name: string, expiresInDays: number | string = 30) =>
    requestJson(t.app, 'POST', '/api/auth/tokens', { name, expiresInDays }, { cookie });
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const withToken = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    requestJson(t.app, method, url, body, bearer(token));

  it('makes a named, expiring token shown once and stored hashed, and lists it without the token', async () => {
    const { cookie, user } = world.members.participant;
    const made = await create(cookie, 'Water company feed', 90);
    expect(made.statusCode).toBe(201);
    const { token, item } = createdApiTokenSchema.parse(made.json());
    expect(token).toMatch(/^curlew_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({
      name: 'Water company feed',
      active: true,
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(new Date(item.expiresAt).getTime() - new Date(item.createdAt).getTime()).toBe(90 * DAY_MS);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await requestJson(t.app, 'GET', '/api/auth/tokens', undefined, { cookie });
    expect(listed.statusCode).toBe(200);
    const list = apiTokenListSchema.parse(listed.json());
    expect(list.items.map((each) => each.id)).toContain(item.id);
    expect(listed.body).not.toContain(token);
    expect(row?.userId).toBe(user.id);
    // Another user's list holds none of them.
    const others = await requestJson(t.app, 'GET', '/api/auth/tokens', undefined, {
      cookie: world.otherParticipant.cookie,
    });
    expect(others.json().items.map((each: { id: string }) => each.id)).not.toContain(item.id);
  });

  it('refuses a token without a name or with an expiry beyond a year, and without a session', async () => {
    const { cookie } = world.members.participant;
    const invalid = await create(cookie, '', 400);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'expiresInDays', message: 'At most 365 days' },
    ]);
    expect(
      (await requestJson(t.app, 'POST', '/api/auth/tokens', { name: 'x', expiresInDays: 1 })).statusCode,
    ).toBe(401);
  });

  it("acts with exactly its user's rights: the same answers as the session, refused where the user is", async () => {
    const { cookie, user } = world.members.participant;
    const { token } = (await create(cookie, 'Reader')).json();
    const me = await withToken(token, 'GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    for (const url of ['/api/projects', '/api/organisations', `/api/round/${world.openRound.id}`]) {
      const byToken = await withToken(token, 'GET', url);
      const bySession = await requestJson(t.app, 'GET', url, undefined, { cookie });
      expect(byToken.statusCode, url).toBe(bySession.statusCode);
      expect(byToken.json(), url).toEqual(bySession.json());
    }
    // What the participant may not do, its token may not do either.
    expect((await withToken(token, 'GET', '/api/home/operator')).statusCode).toBe(403);
    expect((await withToken(token, 'GET', '/api/mail')).statusCode).toBe(403);
    expect(
      (await withToken(token, 'GET', `/api/organisation/${world.otherParticipant.organisation.id}`))
        .statusCode,
    ).toBe(404);
    // A token cannot make or list tokens: that needs the person's own session.
    expect(
      (await withToken(token, 'POST', '/api/auth/tokens', { name: 'More', expiresInDays: 1 })).statusCode,
    ).toBe(403);
    expect((await withToken(token, 'GET', '/api/auth/tokens')).statusCode).toBe(403);
    // An operator's token reads what the operator reads.
    const operatorToken = (await create(world.members.admin.cookie, 'Operator feed')).json().token;
    expect((await withToken(operatorToken, 'GET', '/api/home/operator')).statusCode).toBe(200);
  });

  it('is accepted on state changes without the cross-site checks a cookie needs, since no page can send it', async () => {
    const { cookie } = world.members.agent;
    const { token } = (await create(cookie, 'Profile writer')).json();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: {
        authorization: `Bearer ${token}`,
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ displayName: 'Agent by token', phone: '+447700900123' }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().displayName).toBe('Agent by token');
    // The same request with the cookie and a foreign origin is refused.
    const cross = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { cookie, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ displayName: 'Agent by cookie', phone: '+447700900123' }),
    });
    expect(cross.statusCode).toBe(403);
  });

  it('is refused with 401 once revoked or expired, and a revoked token stays listed as inactive', async () => {
    const { cookie } = world.members.lpa;
    const revoked = (await create(cookie, 'Council system')).json();
    expect((await withToken(revoked.token, 'GET', '/api/home/lpa')).statusCode).toBe(200);
    const revoke = await requestJson(
      t.app,
      'POST',
      `/api/auth/tokens/${revoked.item.id}/revoke`,
      {},
      { cookie },
    );
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ id: revoked.item.id, active: false });
    const refused = await withToken(revoked.token, 'GET', '/api/home/lpa');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'unauthenticated', message: TOKEN_REFUSED });
    // Another user cannot revoke someone's token; revoking twice is 404.
    const other = (await create(cookie, 'Second')).json();
    const foreign = await requestJson(
      t.app,
      'POST',
      `/api/auth/tokens/${other.item.id}/revoke`,
      {},
      {
        cookie: world.members.agent.cookie,
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await requestJson(t.app, 'POST', `/api/auth/tokens/${revoked.item.id}/revoke`, {}, { cookie }))
        .statusCode,
    ).toBe(404);
    const expiring = (await create(cookie, 'One day', 1)).json();
    expect((await withToken(expiring.token, 'GET', '/api/home/lpa')).statusCode).toBe(200);
    // The day passes for the token (moving the clock would also end the test's sessions).
    await t.db.update(apiTokens).set({ expiresAt: t.clock.now() }).where(eq(apiTokens.id, expiring.item.id));
    expect((await withToken(expiring.token, 'GET', '/api/home/lpa')).statusCode).toBe(401);
    expect((await withToken(other.token, 'GET', '/api/home/lpa')).statusCode).toBe(200);
    const listed = (await requestJson(t.app, 'GET', '/api/auth/tokens', undefined, { cookie })).json();
    const activeOf = (id: string) => listed.items.find((each: { id: string }) => each.id === id)?.active;
    expect([activeOf(revoked.item.id), activeOf(expiring.item.id), activeOf(other.item.id)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('throttles guessing per address like sign-in, and never logs a token', async () => {
    const lines: string[] = [];
    const app = await t.withConfig(
      { logLevel: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    const { token } = (await create(world.members.participant.cookie, 'Logged?')).json();
    const ok = await requestJson(app, 'GET', '/api/auth/user', undefined, {
      ...bearer(token),
      ip: '203.0.113.9',
    });
    expect(ok.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess += 1) {
      const answer = await requestJson(app, 'GET', '/api/projects', undefined, {
        ...bearer(`curlew_wrong${guess}`),
        ip: '203.0.113.9',
      });
      statuses.push(answer.statusCode);
    }
    // As a sign-in: five free failures, then a wait that doubles (429 with Retry-After).
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another address is not held back.
    const elsewhere = await requestJson(app, 'GET', '/api/auth/user', undefined, {
      ...bearer(token),
      ip: '203.0.113.10',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('curlew_wrong');
  });
});
