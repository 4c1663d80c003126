// `npm run bench`: prints the figures issue targets are judged by. Figures, not pass/fail: the machine is shared.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { lighthousePerformance } from './lighthouse.ts';
import { weighPageScripts } from './login-bundle.ts';
import { benchMap } from './map.ts';
import { benchProcesses } from './processes.ts';
import { benchProjects } from './projects.ts';
import { benchRequirementsList } from './requirements-list.ts';
import { benchSearch } from './search.ts';
import { repoRoot, spawnServer } from './spawn-server.ts';

const LOGIN_JS_TARGET_KB = 100;
const LIGHTHOUSE_TARGET = 95;
const USER_ROUTE_RATIO_TARGET = 0.7;
const DEMO_PASSWORD = 'bench-demo-password-2026';

/** Requests per second that autocannon sustains on one GET with the given cookie. */
async function requestsPerSecond(url: string, cookie: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result.requests.average;
}

/** Builds the web app the benchmarks' servers serve. */
function buildWeb(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@curlew/web'], { cwd: repoRoot, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
}

async function benchLoginBundle(): Promise<void> {
  const server = await spawnServer(join(repoRoot, 'packages/server/src/main.ts'), {
    CURLEW_DEMO_PASSWORD: DEMO_PASSWORD,
  });
  try {
    const weight = await weighPageScripts(`${server.baseUrl}/login`);
    console.log('\nJavaScript loaded by /login (gzip):');
    for (const script of weight.scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`  ${(script.gzipBytes / 1024).toFixed(1).padStart(7)} kB  ${script.url}`);
    }
    const totalKb = weight.totalGzipBytes / 1024;
    console.log(
      `  total ${totalKb.toFixed(1)} kB gzipped in ${weight.scripts.length} scripts (target <= ${LOGIN_JS_TARGET_KB} kB): ${totalKb <= LOGIN_JS_TARGET_KB ? 'met' : 'NOT met'}`,
    );
    await benchLighthouse(server.baseUrl);
  } finally {
    await server.stop();
  }
}

/** Signs a demo user in through the API and answers the session cookie ('curlew_session=...'). */
async function demoSessionCookie(baseUrl: string, username: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('curlew_session='));
  if (!login.ok || !cookie) throw new Error(`demo sign-in failed: ${login.status}`);
  return cookie.split(';')[0] ?? '';
}

async function benchLighthouse(baseUrl: string): Promise<void> {
  const cookie = await demoSessionCookie(baseUrl, 'supplier');
  const projects = await fetch(`${baseUrl}/api/projects?page=1&pageSize=1`, { headers: { cookie } });
  const [project] = ((await projects.json()) as { items: { id: string }[] }).items;
  if (!project) throw new Error('the demo supplier has no project');
  // Lighthouse's figures move by several points from run to run on a shared machine: each page is measured
  // LIGHTHOUSE_RUNS times (3 unless set), alternating, and judged by its median.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const pages = [
    { label: '/login', url: `${baseUrl}/login` },
    { label: '/projects/{id} (supplier)', url: `${baseUrl}/projects/${project.id}`, cookie },
  ];
  const results = await lighthousePerformance(Array.from({ length: runs }, () => pages).flat());
  console.log(
    `\nLighthouse mobile performance (simulated slow 4G, 4x CPU slowdown; median of ${runs} run${runs === 1 ? '' : 's'}):`,
  );
  for (const { label } of pages) {
    const ofPage = results.filter((result) => result.label === label);
    const sorted = ofPage.map((result) => result.score).sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    console.log(
      `  ${label.padEnd(28)} ${String(median).padStart(3)} (target >= ${LIGHTHOUSE_TARGET}): ${median >= LIGHTHOUSE_TARGET ? 'met' : 'NOT met'}  (runs: ${ofPage.map((result) => result.score).join(', ')})`,
    );
    for (const { score, metrics } of ofPage) console.log(`      ${String(score).padStart(3)}  ${metrics}`);
  }
}

async function benchUserRoute(): Promise<void> {
  const server = await spawnServer(join(repoRoot, 'bench/src/api-server.ts'), {
    CURLEW_DEMO_PASSWORD: DEMO_PASSWORD,
  });
  try {
    const sessionCookie = await demoSessionCookie(server.baseUrl, 'buyer');
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    // Warm both routes, then measure them alternately so drift on a shared machine hits both alike.
    await requestsPerSecond(`${server.baseUrl}/api/bench/session`, sessionCookie, 1);
    await requestsPerSecond(`${server.baseUrl}/api/auth/user`, sessionCookie, 1);
    const bare: number[] = [];
    const user: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      bare.push(await requestsPerSecond(`${server.baseUrl}/api/bench/session`, sessionCookie, seconds));
      user.push(await requestsPerSecond(`${server.baseUrl}/api/auth/user`, sessionCookie, seconds));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ratio = mean(user) / mean(bare);
    console.log(
      '\nGET /api/auth/user (signed in) vs a bare route doing the same session lookup (PGlite, 10 connections):',
    );
    console.log(`  bare session lookup  ${mean(bare).toFixed(0).padStart(6)} req/s`);
    console.log(`  GET /api/auth/user   ${mean(user).toFixed(0).padStart(6)} req/s`);
    console.log(
      `  ratio ${ratio.toFixed(2)} (target >= ${USER_ROUTE_RATIO_TARGET}): ${ratio >= USER_ROUTE_RATIO_TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
  }
}

// BENCH_ONLY names one part: login (the sign-in page's bundle and Lighthouse), user (the session route), projects,
// requirements (the requirements list), search, map (the round map), processes (one process against two on one
// PostgreSQL, as `npm run bench:processes`). Unset, every part runs.
const only = process.env.BENCH_ONLY || undefined;
const runs = (part: string): boolean => only === undefined || only === part;
if (runs('login') || runs('map')) buildWeb();
if (runs('login')) await benchLoginBundle();
if (runs('user')) await benchUserRoute();
if (runs('projects')) await benchProjects(DEMO_PASSWORD);
if (runs('requirements')) await benchRequirementsList();
if (runs('search')) await benchSearch();
if (runs('map')) await benchMap(DEMO_PASSWORD);
if (runs('processes')) await benchProcesses();
