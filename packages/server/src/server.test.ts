import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/app.ts';
import { migratedSnapshotFile } from '../test/database.ts';
import { connectPostgres, queryRows } from './platform/db/connect.ts';
import { acquireDataFolderLock } from './platform/lock.ts';
import { startServer } from './server.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts `src/main.ts` as a real process. */
const startMain = (environment: Record<string, string>): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const collect = (child: ChildProcess) => {
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const state = { finished: false };
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      state.finished = true;
      resolve(code);
    }),
  );
  return { output, exited, state };
};

const waitFor = async (condition: () => boolean, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the server process', () => {
  it('refuses to start on a data folder another process holds, with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'curlew-locked-'));
    const lock = await acquireDataFolderLock(dataDir);
    try {
      const { output, exited } = collect(startMain({ DATA_DIR: dataDir }));
      expect(await exited).toBe(1);
      expect(output.stderr).toContain(
        `The data folder ${dataDir} is already in use by another Curlew process`,
      );
    } finally {
      await lock.release();
    }
  });

  it('seeds, prints the URL and demo accounts, serves API and WEB_DIST_DIR, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'curlew-main-'));
    // Start from a migrated data folder: a brand-new PGlite folder costs several seconds of initdb.
    mkdirSync(path.join(dataDir, 'pglite'));
    execFileSync('tar', ['xzf', await migratedSnapshotFile(), '-C', path.join(dataDir, 'pglite')]);
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'curlew-main-web-'));
    writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Curlew from WEB_DIST_DIR</title>',
    );
    const child = startMain({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      CURLEW_DEMO_PASSWORD: 'process-test-demo-1',
    });
    const { output, exited, state } = collect(child);
    await waitFor(() => output.stdout.includes('lpa ') || state.finished, 90_000);
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
