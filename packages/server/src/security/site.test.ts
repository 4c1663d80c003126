import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';

describeWithApp('security: Host and Origin checks', (t) => {
  it('refuses an Origin that merely equals the Host header (the DNS-rebinding shape)', async () => {
    // The configured origin is http://localhost:3000; the request claims to be its own at another address.
    const response = await requestJson(
      t.app,
      'POST',
      '/api/auth/logout',
      {},
      { headers: { host: 'localhost:8080', origin: 'http://localhost:8080' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'csrf', message: 'Cross-site request refused' });
  });

  it('refuses a Host header naming a host it does not answer for, even for reads', async () => {
    for (const host of ['attacker.example', 'attacker.example:3000', 'localhost.attacker.example']) {
      const response = await requestJson(t.app, 'GET', '/api/auth/user', undefined, { headers: { host } });
      expect(response.statusCode, host).toBe(421);
      expect(response.json()).toEqual({
        error: 'misdirected_request',
        message: `This server does not answer for the host '${host.split(':')[0]}'. Set PUBLIC_URL to the address people use.`,
      });
    }
  });

  it('answers the health and readiness probes whatever the Host (a load balancer names the address)', async () => {
    // Built without the solver-task runner a listening process starts, the app is alive but not ready.
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/ready', 503],
    ] as const) {
      const response = await requestJson(t.app, 'GET', url, undefined, {
        headers: { host: '10.0.0.7:3000' },
      });
      expect(response.statusCode, url).toBe(status);
    }
    const other = await requestJson(t.app, 'GET', '/api/health?x=1', undefined, {
      headers: { host: '10.0.0.7:3000' },
    });
    expect(other.statusCode).toBe(421);
  });

  it("answers for PUBLIC_URL's host and the loopback names", async () => {
    const app = await t.withConfig({ publicUrl: 'https://market.example.org' });
    for (const host of [
      'market.example.org',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      'LOCALHOST',
    ]) {
      // Not signed in: past the Host check, answered with no user.
      const response = await requestJson(app, 'GET', '/api/auth/user', undefined, { headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    const fromPublic = await requestJson(
      app,
      'POST',
      '/api/auth/logout',
      {},
      { headers: { host: 'market.example.org', origin: 'https://market.example.org' } },
    );
    expect(fromPublic.statusCode).toBe(200);
    const plainHttp = await requestJson(
      app,
      'POST',
      '/api/auth/logout',
      {},
      { headers: { host: 'market.example.org', origin: 'http://market.example.org' } },
    );
    expect(plainHttp.statusCode).toBe(403);
  });

  it('accepts the loopback origins of the port it listens on, and no other port', async () => {
    const app = await t.withConfig({ port: 0, publicUrl: 'http://localhost:0' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const post = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: '{}',
      });
    for (const name of ['localhost', '127.0.0.1', '[::1]']) {
      expect((await post(`http://${name}:${port}`)).status, name).toBe(200);
    }
    expect((await post(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
    expect((await post('null')).status).toBe(403);
  });
});
