import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { buildUser } from '../../test/factories.ts';
import { JSON_BODY_LIMIT_BYTES } from '../platform/app.ts';

describeWithApp('security: headers, proxies, NUL characters and malformed bodies', (t) => {
  it('sends no HSTS over plain HTTP, and no X-Frame-Options (CSP frame-ancestors rules)', async () => {
    const response = await requestJson(t.app, 'GET', '/api/health');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS when PUBLIC_URL is https or the request came over HTTPS through a trusted proxy', async () => {
    const https = await t.withConfig({ publicUrl: 'https://market.example.org' });
    const direct = await requestJson(https, 'GET', '/api/health', undefined, {
      headers: { host: 'market.example.org' },
    });
    expect(direct.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const proxied = await t.withConfig({ trustProxy: 1 });
    const viaProxy = await requestJson(proxied, 'GET', '/api/health', undefined, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks signed-in JSON answers no-store', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const me = await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('takes the client address from the trusted proxy hop only, whatever X-Forwarded-For the client wrote', async () => {
    const app = await t.withConfig({ trustProxy: 1 });
    const signUp = (n: number) =>
      requestJson(
        app,
        'POST',
        '/api/auth/sign-up',
        {
          password: 'plover-sand-bar-11',
          confirmPassword: 'plover-sand-bar-11',
          displayName: 'Pat Proxy',
          phone: '+447700900777',
          email: `proxy${n}-${t.driver}@example.org`,
          organisationName: 'Proxy Farms',
          organisationType: 'PARTICIPANT',
          mailingAddress: '1 Marsh Lane, Snettisham',
        },
        // The client claims a new address each time; the proxy appends the address it really saw.
        { ip: '10.0.0.2', headers: { 'x-forwarded-for': `198.51.100.${n}, 203.0.113.9` } },
      );
    const statuses: number[] = [];
    for (let n = 1; n <= 11; n += 1) statuses.push((await signUp(n)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const last = await signUp(12);
    expect(last.json()).toMatchObject({
      error: 'too_many_attempts',
      message: 'Too many sign-ups from your address. Try again in an hour.',
    });
  });

  it('answers NUL characters in body fields with 422 and in the address with 400, never 500', async () => {
    const login = await requestJson(t.app, 'POST', '/api/auth/login', {
      username: 'sam\u0000',
      password: 'x',
    });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({
      error: 'validation',
      message: 'Must not contain NUL characters',
      errors: [{ path: 'username', message: 'Must not contain NUL characters' }],
    });
    const { user, password } = await buildUser(t.db, { groups: ['admin'] });
    const cookie = await signIn(t.app, user.username, password);
    const query = await requestJson(t.app, 'GET', '/api/organisations?search=a%00b', undefined, { cookie });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      error: 'bad_request',
      message: 'The address must not contain NUL characters',
    });
    const param = await requestJson(t.app, 'GET', '/api/organisation/a%00b', undefined, { cookie });
    expect(param.statusCode).toBe(400);
  });

  it('answers malformed multipart bodies with 400', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    const url = `/api/organisation/${user.organisationId}/action/Comment`;
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="submission"\r\n\r\n{"text":"x"}\r\n--${boundary}--\r\n`;
    const cases = [
      { contentType: 'multipart/form-data', payload: part('abc') },
      { contentType: 'multipart/form-data; boundary=xyz', payload: part('abc') },
      { contentType: 'multipart/form-data; boundary=abc', payload: part('abc').slice(0, 60) },
    ];
    for (const { contentType, payload } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${response.body}`).toBe(400);
      expect(response.json().error).toBe('bad_request');
    }
  });

  it('refuses a JSON body beyond the limit with 413', async () => {
    const response = await requestJson(t.app, 'POST', '/api/auth/login', {
      username: 'x'.repeat(JSON_BODY_LIMIT_BYTES),
      password: 'x',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });
});

describeWithApp('security: logs', (t) => {
  it('never logs request bodies, and only the start of a long address', async () => {
    const lines: string[] = [];
    const app = await t.withConfig(
      { logLevel: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    const marker = 'BODY-MARKER-7c1f';
    await requestJson(app, 'POST', '/api/auth/sign-up', {
      password: `${marker}-pass`,
      confirmPassword: `${marker}-pass`,
      displayName: marker,
      phone: '+447700900111',
      email: 'log.marker@example.org',
      organisationName: marker,
      organisationType: 'PARTICIPANT',
      mailingAddress: '1 Marsh Lane, Snettisham',
    });
    await requestJson(app, 'POST', '/api/auth/login', { username: 'u'.repeat(100_000), password: marker });
    await requestJson(app, 'GET', `/api/organisations?q=${'q'.repeat(20_000)}`);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => line.includes(marker))).toEqual([]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(2_000);
  });
});
