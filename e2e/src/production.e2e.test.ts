import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDatabase } from './database.ts';

const root = join(import.meta.dirname, '../..');
const password = 'production-check-2026';

/** A process with what it printed so far and its end. */
function launch(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** Waits for the line naming the server's address; throws with its output if it ends first. */
async function servingUrl(server: ReturnType<typeof launch>): Promise<string> {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  const pattern = /Curlew is running at (http:\/\/localhost:\d+)/;
  const deadline = Date.now() + 120_000;
  while (!pattern.test(server.output.text)) {
    if (ended || Date.now() > deadline) throw new Error(`The server did not start:\n${server.output.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return server.output.text.match(pattern)?.[1] ?? '';
}

describe('the production build and start', () => {
  const folder = mkdtempSync(join(tmpdir(), 'curlew-production-'));
  const release = join(folder, 'release');
  let dropDatabase = async () => {};
  afterAll(async () => {
    await dropDatabase();
    rmSync(folder, { recursive: true, force: true });
  });

  it('builds, installs without dev dependencies, starts with plain Node, signs in and stops', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--out', release], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const install = spawnSync(
      'npm',
      ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'],
      {
        cwd: release,
        encoding: 'utf8',
      },
    );
    expect(install.status, install.stderr).toBe(0);
    // Production dependencies only: neither the TypeScript runner nor the bundlers are there.
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'typescript', 'vitest', 'drizzle-kit']) {
      expect(existsSync(join(release, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    const database = await serverDatabase('production', join(folder, 'data'));
    dropDatabase = database.drop;
    const common = {
      ...database.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      CURLEW_DEMO_PASSWORD: password,
    };

    // A first start outside production migrates and seeds the demo accounts (production seeds none).
    const seeding = launch(process.execPath, ['packages/server/dist/main.js'], release, {
      ...common,
      NODE_ENV: 'test',
    });
    await servingUrl(seeding);
    expect(seeding.output.text).toContain('Demo data created.');
    seeding.child.kill('SIGTERM');
    expect(await seeding.exited).toBe(0);

    expect(JSON.parse(readFileSync(join(release, 'package.json'), 'utf8')).scripts.start).toBe(
      'node scripts/start.mjs',
    );
    // What `npm start` runs, started without npm's shell between, so the signal reaches the start script as a service
    // manager's would and the exit code is the server's own.
    const server = launch(process.execPath, ['scripts/start.mjs'], release, {
      ...common,
      NODE_ENV: 'production',
    });
    try {
      const url = await servingUrl(server);
      expect(server.output.text).toContain('(production, ');
      const ready = await fetch(`${url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true, migrations: 'applied' });
      const page = await fetch(`${url}/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'supplier', password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
      expect(await me.json()).toMatchObject({ username: 'supplier', groups: ['participant'] });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.output.text).toContain('Stopped');
  }, 600_000);
});
