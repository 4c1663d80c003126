import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/app.ts';
import { migratedDataFolder, startMain, waitUntil } from '../test/processes.ts';
import { connectPostgres, queryRows } from './platform/db/connect.ts';
import { acquireDataFolderLock } from './platform/lock.ts';
import { startServer } from './server.ts';

describe('the server process', () => {
  it('refuses to start on a data folder another process holds, with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'curlew-locked-'));
    const lock = await acquireDataFolderLock(dataDir);
    try {
      const { output, exited } = startMain({ DATA_DIR: dataDir });
      expect(await exited).toBe(1);
      expect(output.stderr).toContain(
        `The data folder ${dataDir} is already in use by another Curlew process`,
      );
    } finally {
      await lock.release();
    }
  });

  it('seeds, prints the URL and demo accounts, serves API and WEB_DIST_DIR, and stops cleanly on SIGTERM', async () => {
    const dataDir = await migratedDataFolder('curlew-main-');
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'curlew-main-web-'));
    writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Curlew from WEB_DIST_DIR</title>',
    );
    const { child, output, exited, state } = startMain({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      CURLEW_DEMO_PASSWORD: 'process-test-demo-1',
    });
    await waitUntil(() => output.stdout.includes('lpa ') || state.finished, 90_000);
    const url = output.stdout.match(/Curlew is running at (http:\/\/localhost:\d+)/)?.[1];
    expect(url).toBeDefined();
    expect(output.stdout).toContain('Demo data created.');
    expect(output.stdout).toContain('Demo accounts (password "process-test-demo-1"');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'supplier', password: 'process-test-demo-1' }),
    });
    expect(login.status).toBe(200);
    const page = await fetch(`${url}/login`);
    expect(await page.text()).toContain('<title>Curlew from WEB_DIST_DIR</title>');
    expect(existsSync(path.join(dataDir, 'curlew.lock'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'curlew.lock'))).toBe(false);
  }, 120_000);

  // Only where a PostgreSQL server is configured for tests (always in CI).
  if (process.env.TEST_DATABASE_URL) {
    it('runs on PostgreSQL through DATABASE_URL without a lock file', async () => {
      const { openTestDatabase } = await import('../test/database.ts');
      // An empty database on the test server: startServer must migrate and seed it itself.
      const scratch = await openTestDatabase('postgres', { migrate: false });
      if (!scratch.url) throw new Error('Expected the URL of the scratch database');
      try {
        const config = testConfig({
          databaseUrl: scratch.url,
          logLevel: 'silent',
          port: 0,
          host: '127.0.0.1',
        });
        const server = await startServer(config);
        try {
          expect(server.seeded).toBe(true);
          expect(existsSync(path.join(config.dataDir, 'curlew.lock'))).toBe(false);
          const response = await server.app.inject({ method: 'GET', url: '/api/health' });
          expect(response.json()).toEqual({ ok: true });
        } finally {
          await server.close();
        }
      } finally {
        await scratch.close();
      }
    });

    it('keeps a PostgreSQL pool answering after the server ends one of its idle connections', async () => {
      const { openTestDatabase } = await import('../test/database.ts');
      const scratch = await openTestDatabase('postgres', { migrate: false });
      if (!scratch.url) throw new Error('Expected the URL of the scratch database');
      const lost: Error[] = [];
      const connection = await connectPostgres(scratch.url, {
        max: 1,
        onIdleError: (error) => lost.push(error),
      });
      try {
        const [backend] = await queryRows<{ pid: number }>(
          connection.db,
          sql`select pg_backend_pid() as pid`,
        );
        const admin = new pg.Client({ connectionString: scratch.url });
        await admin.connect();
        try {
          await admin.query('select pg_terminate_backend($1)', [backend?.pid]);
        } finally {
          await admin.end();
        }
        // Reported, not thrown: without the pool's listener this ends the test process.
        await vi.waitFor(() =>
          expect(lost.map((error) => error.message)).toEqual([
            'terminating connection due to administrator command',
          ]),
        );
        const [answer] = await queryRows<{ one: number }>(connection.db, sql`select 1 as one`);
        expect(answer?.one).toBe(1);
      } finally {
        await connection.close();
        await scratch.close();
      }
    });
  }
});
