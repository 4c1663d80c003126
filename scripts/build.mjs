// `npm run build`: the production build. Compiles the server (with the domain and matching packages it imports)
// into packages/server/dist with esbuild, each npm dependency left to node_modules, and builds the web app into
// packages/web/dist with Vite. `npm run build -- --out <folder>` writes a folder to deploy instead (this checkout's
// own builds untouched): the builds, the migrations and the manifests, ready for `npm install --omit=dev` and
// `NODE_ENV=production npm start` there.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const serverDir = join(root, 'packages/server');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out ? resolve(values.out) : undefined;
const serverDist = join(out ?? root, 'packages/server/dist');
const webDist = join(out ?? root, 'packages/web/dist');
if (out) {
  if (existsSync(out)) rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
}

/** Bundles our own workspaces (`@curlew/*`, TypeScript sources) and leaves every other package external. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@curlew/') ? undefined : { path: args.path, external: true },
    );
  },
};

console.log('Compiling the server...');
rmSync(serverDist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(serverDir, 'src/main.ts'),
    // Worker threads: each loads its own file (see clear.thread.ts and the engine's solver/pool.ts).
    'clear.worker': join(serverDir, 'src/modules/match/clear.worker.ts'),
    'solver.worker': join(root, 'packages/matching/src/solver/worker.ts'),
  },
  outdir: serverDist,
  bundle: true,
  // No shared chunks: code finds its files relative to its own (import.meta.url), so every file sits in dist/.
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
// Files the server reads beside its code: the reference data it seeds from.
cpSync(join(serverDir, 'src/modules/refdata/data'), join(serverDist, 'data'), { recursive: true });

console.log('Building the web app...');
const webOutDir = out ? ['--', '--outDir', webDist, '--emptyOutDir'] : [];
const web = spawnSync('npm', ['run', 'build', '-w', '@curlew/web', ...webOutDir], {
  cwd: root,
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);

if (out) {
  console.log(`Writing the rest of a deployable copy to ${out}...`);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Only the server's workspaces run in production; the web app ships built.
  const workspaces = ['packages/domain', 'packages/matching', 'packages/server'];
  const deployed = {
    name: manifest.name,
    version: manifest.version,
    private: true,
    type: 'module',
    description: manifest.description,
    engines: manifest.engines,
    workspaces,
    scripts: { start: manifest.scripts.start },
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(deployed, null, 2)}\n`);
  cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
  cpSync(join(root, 'scripts/start.mjs'), join(out, 'scripts/start.mjs'));
  for (const workspace of workspaces) {
    const workspaceManifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    delete workspaceManifest.devDependencies;
    delete workspaceManifest.scripts;
    mkdirSync(join(out, workspace), { recursive: true });
    writeFileSync(join(out, workspace, 'package.json'), `${JSON.stringify(workspaceManifest, null, 2)}\n`);
  }
  cpSync(join(serverDir, 'drizzle'), join(out, 'packages/server/drizzle'), { recursive: true });
}
console.log('Built.');
