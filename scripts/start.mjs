// `npm start`: builds the web app (into WEB_DIST_DIR when set) when its bundle is missing or older than its
// sources, then runs the server (migrations, demo data on first start, API and web on one port). Signals go
// to the server. With NODE_ENV=production it runs the compiled server of `npm run build` instead, with plain
// Node and production dependencies only (no tsx, no Vite).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'packages/web');
// Made absolute here: vite resolves a relative --outDir against packages/web, the server against its working folder.
const webDistDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : undefined;
const builtIndex = join(webDistDir ?? join(webDir, 'dist'), 'index.html');
const compiledServer = join(root, 'packages/server/dist/main.js');

/** Runs the server with the given Node arguments, passing signals on and ending with its exit code. */
function runServer(args) {
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: webDistDir ? { ...process.env, WEB_DIST_DIR: webDistDir } : process.env,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(compiledServer)) {
    console.error(
      'No compiled server in packages/server/dist: run `npm run build` first (see README, Deploying).',
    );
    process.exit(1);
  }
  runServer(['--enable-source-maps', compiledServer]);
} else {
  startFromSources();
}

/** Newest modification time of any file under the given folders. */
function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}

function startFromSources() {
  const sources = [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    join(root, 'packages/domain/src'),
  ];
  const stale =
    !existsSync(builtIndex) ||
    newestMtime(sources.filter((p) => existsSync(p) && statSync(p).isDirectory())) >
      statSync(builtIndex).mtimeMs;
  if (stale) {
    console.log('Building the web app...');
    const outDir = webDistDir ? ['--', '--outDir', webDistDir, '--emptyOutDir'] : [];
    const build = spawnSync('npm', ['run', 'build', '-w', '@curlew/web', ...outDir], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  runServer(['--import', 'tsx', join(root, 'packages/server/src/main.ts')]);
}
