import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, isTable, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import journal from '../../drizzle/meta/_journal.json' with { type: 'json' };
import { describeWithApp, requestJson } from '../../test/app.ts';
import * as authTables from '../auth/auth.tables.ts';
import { MODULES } from '../modules/index.ts';
import * as activityTables from './actions/activity.tables.ts';
import { queryRows } from './db/connect.ts';
import * as mailTables from './mail.tables.ts';

const tableNames = [authTables, activityTables, mailTables, ...MODULES.map((module) => module.tables ?? {})]
  .flatMap((tables) => Object.values(tables))
  .filter((value) => isTable(value))
  .map((table) => getTableName(table))
  .sort();

describeWithApp('platform: app, database and mail', (t) => {
  it('answers the health check', async () => {
    const response = await requestJson(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('sends security headers with a CSP allowing own scripts and data: images', async () => {
    const response = await requestJson(t.app, 'GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a not_found body', async () => {
    const response = await requestJson(t.app, 'GET', '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Not found: GET /api/no-such-thing' });
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const response = await requestJson(
      t.app,
      'POST',
      '/api/auth/logout',
      {},
      {
        headers: { origin: 'https://attacker.example' },
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'csrf' });
  });

  it('accepts a request whose Origin is its own (PUBLIC_URL)', async () => {
    const response = await requestJson(
      t.app,
      'POST',
      '/api/no-such-thing',
      {},
      {
        headers: { origin: t.config.publicUrl },
      },
    );
    expect(response.statusCode).toBe(404);
  });

  it('refuses a state-changing request with a text/plain body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'csrf' });
  });

  it('answers malformed JSON with a bad_request body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
  });

  it('answers an unexpected failure with a bare internal error, logging the detail', async () => {
    const lines: string[] = [];
    const app = await t.withConfig(
      { logLevel: 'error' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    app.get('/api/test-failure', async () => {
      throw new Error('database exploded at row 42');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal', message: 'An unexpected error occurred' });
    expect(lines.join('')).toContain('database exploded at row 42');
  });

  it('serves the built web app and falls back to index.html, never for /api', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'curlew-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Curlew</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
    const app = await t.withConfig({}, { webDistDir: dist });
    const deepLink = await app.inject({ method: 'GET', url: '/markets/123' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<title>Curlew</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.body).toBe('console.log(1);');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
  });

  it("answers a page load of /login with the sign-in page's own entry, other pages with index.html", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'curlew-web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Curlew app</title>');
    writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>Curlew sign-in</title>');
    const app = await t.withConfig({}, { webDistDir: dist });
    const login = await app.inject({ method: 'GET', url: '/login?redirect=%2Fprojects' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Curlew sign-in</title>');
    expect(login.headers['cache-control']).toBe('no-cache');
    const other = await app.inject({ method: 'GET', url: '/signUp' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Curlew app</title>');
    expect(other.body).not.toContain('sign-in');
  });

  it("names a project page's record in index.html for the browser to fetch with the page's code", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'curlew-web-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Curlew</title></head></html>',
    );
    const app = await t.withConfig({}, { webDistDir: dist });
    const id = '0b852246-9da5-42c6-bfda-dc8339aee2ca';
    const project = await app.inject({ method: 'GET', url: `/projects/${id}?tab=comments` });
    expect(project.statusCode).toBe(200);
    expect(project.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(project.headers['cache-control']).toBe('no-cache');
    expect(project.body).toBe(
      `<!doctype html><html><head><title>Curlew</title><link rel="preload" href="/api/project/${id}" as="fetch" crossorigin="use-credentials"></head></html>`,
    );
    // Anything but a project id, and every other page, gets index.html as it is.
    for (const url of [
      '/projects/not-an-id',
      '/projects/%22%3E%3Cscript%3E',
      '/projects',
      `/project-group/${id}`,
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<!doctype html><html><head><title>Curlew</title></head></html>');
    }
  });

  it("allows the built pages' inline scripts by their hashes, and no other inline script", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'curlew-web-dist-'));
    const scheme = "document.documentElement.dataset.scheme = 'light';";
    const signIn = 'window.signIn = 1;';
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><head><script>${scheme}</script><script type="module" src="/assets/a.js"></script></head>`,
    );
    writeFileSync(path.join(dist, 'login.html'), `<!doctype html><head><script>${signIn}</script></head>`);
    const app = await t.withConfig({}, { webDistDir: dist });
    const response = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scriptSrc).toBe(`script-src 'self' ${hashOf(scheme)} ${hashOf(signIn)}`);
    // Without a web build only the app's own files may run.
    const bare = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(bare.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('does not serve a web app when none is built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/markets/123' });
    expect(response.statusCode).toBe(404);
  });

  it('migrations create every table of the schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(tableNames);
  });

  it('migrations can run again without changing anything', async () => {
    await t.migrate();
    const rows = await queryRows<{ applied: number }>(
      t.db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.applied).toBe(journal.entries.length);
  });
});
