import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.ts';
import { serverDatabase } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoPassword: string;
    /** The shared server runs on PostgreSQL (TEST_DATABASE_URL set), not on PGlite. */
    onPostgres: boolean;
  }
}

const root = join(import.meta.dirname, '../..');
const demoPassword = 'e2e-demo-password-2026';

/** What the web build reads: a change to any of these makes the built app stale. */
const webInputs = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/domain/src',
  'package-lock.json',
].map((relative) => join(root, relative));
/** The e2e run's own web build: packages/web/dist belongs to the developer's `npm start`. */
const webDist = join(root, 'e2e/.web-dist');

/** Modification times (ms) of every file under `path`, or of `path` itself when it is a file. */
function modificationTimes(path: string): number[] {
  if (!existsSync(path)) return [];
  const stats = statSync(path);
  if (!stats.isDirectory()) return [stats.mtimeMs];
  return readdirSync(path).flatMap((entry) => modificationTimes(join(path, entry)));
}

/**
 * True when the built app is older than one of its inputs. The build is shared by every e2e run in this tree,
 * and their servers serve it from disk, so it is rebuilt only when needed.
 */
function webBuildIsStale(): boolean {
  if (process.env.E2E_REBUILD === '1' || !existsSync(join(webDist, 'index.html'))) return true;
  const builtAt = Math.min(...modificationTimes(webDist));
  const changedAt = Math.max(...webInputs.flatMap(modificationTimes));
  return changedAt >= builtAt;
}

/** Builds the web app beside `webDist` and then swaps it in, so another run's server never finds it half-built. */
function buildWebApp(): void {
  const building = `${webDist}-building-${process.pid}`;
  const outDir = ['--', '--outDir', building, '--emptyOutDir'];
  const build = spawnSync('npm', ['run', 'build', '-w', '@curlew/web', ...outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error('web build failed');
  }
  rmSync(webDist, { recursive: true, force: true });
  renameSync(building, webDist);
}

/** Asks the kernel for a free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls the health route until the server answers or the deadline passes. */
async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet: poll again
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
}

/**
 * Builds the e2e web app when stale, starts one real server for the whole e2e run on a fresh data folder and a fresh
 * database: PostgreSQL when TEST_DATABASE_URL is set (as in CI), else PGlite.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // First, so a machine without Chromium stops before any build or server start.
  ensureChromium();
  if (webBuildIsStale()) buildWebApp();

  const dataDir = mkdtempSync(join(tmpdir(), 'curlew-e2e-'));
  const database = await serverDatabase('e2e', dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...database.env,
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'test',
      PUBLIC_URL: baseUrl,
      CURLEW_DEMO_PASSWORD: demoPassword,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every journey signs up from this machine's one address.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A first start migrates and seeds the demo market; on a busy machine that takes well over a minute.
  await waitForHealth(baseUrl, server, 170_000);
  project.provide('baseUrl', baseUrl);
  project.provide('demoPassword', demoPassword);
  project.provide('onPostgres', database.env.DATABASE_URL !== '');

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
}
