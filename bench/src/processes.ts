// `npm run bench:processes`: requests per second of signed-in reads against one server process and against two on
// the same PostgreSQL, with the same routes and the same number of connections, measured alternately in one run;
// prints each rate, its p95 latency and the ratio, with the machine's cores and load (the servers, PostgreSQL and
// the load generator share them, which bounds the ratio). A fresh scratch database is made on the server at
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards.
// Options: BENCH_SECONDS (per measure, default 10), BENCH_CONNECTIONS (default 20), BENCH_ROUNDS (default 2).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { scratchDatabase } from './scratch-database.ts';
import { type BenchServer, repoRoot, spawnServer } from './spawn-server.ts';
import { percentile } from './stats.ts';

const PASSWORD = 'bench-demo-password-2026';
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** The reader: the market operator, whose home, lists and search span the whole market. */
const READER = 'admin';

/** What one measure saw: requests answered, over how long, and each answer's time in milliseconds. */
interface Load {
  requests: number;
  seconds: number;
  latencies: number[];
}

/** Keeps `connections` keep-alive connections busy on one server for `seconds`, each cycling through `paths`. */
function load(
  baseUrl: string,
  paths: readonly string[],
  cookie: string,
  connections: number,
  seconds: number,
) {
  return new Promise<Load>((resolve, reject) => {
    const latencies: number[] = [];
    const requests = paths.map((path) => ({ method: 'GET' as const, path }));
    const instance = autocannon(
      { url: baseUrl, connections, duration: seconds, headers: { cookie }, requests },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx > 0 || result.errors > 0) {
          reject(
            new Error(`${baseUrl}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`),
          );
        } else resolve({ requests: result.requests.total, seconds: result.duration, latencies });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** The connections split evenly between `servers` (as a round-robin proxy keeping connections alive would). */
async function measure(
  servers: readonly BenchServer[],
  paths: readonly string[],
  cookie: string,
  seconds: number,
) {
  const loads = await Promise.all(
    servers.map((server) => load(server.baseUrl, paths, cookie, CONNECTIONS / servers.length, seconds)),
  );
  return {
    perSecond: loads.reduce((sum, one) => sum + one.requests / one.seconds, 0),
    latencies: loads.flatMap((one) => one.latencies),
  };
}

/** Signs the reader in on `baseUrl` and answers the session cookie ('curlew_session=...'). */
async function sessionCookie(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: READER, password: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('curlew_session='));
  if (!login.ok || !cookie) throw new Error(`demo sign-in failed: ${login.status}`);
  return cookie.split(';')[0] ?? '';
}

/** The routes read: the reader's home, its projects list (page 1), its first project and a search for its name. */
async function readerPaths(baseUrl: string, cookie: string): Promise<string[]> {
  const projects = await fetch(`${baseUrl}/api/projects?page=1&pageSize=25`, { headers: { cookie } });
  const [project] = ((await projects.json()) as { items: { id: string; name: string }[] }).items;
  if (!project) throw new Error(`the demo ${READER} has no project`);
  const word = project.name.split(/\s+/).find((part) => part.length >= 3) ?? project.name;
  return [
    '/api/home/operator',
    '/api/projects?page=1&pageSize=25',
    `/api/project/${project.id}`,
    `/api/search/${encodeURIComponent(word.toLowerCase())}`,
  ];
}

/** Every path answers 200 on every server with the one session (it lives in the database). */
async function checkPaths(servers: readonly BenchServer[], paths: readonly string[], cookie: string) {
  for (const server of servers) {
    for (const path of paths) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${server.baseUrl}${path}: ${response.status}`);
    }
  }
}

async function run(databaseUrl: string): Promise<void> {
  const environment = { CURLEW_DEMO_PASSWORD: PASSWORD, DATABASE_URL: databaseUrl };
  const main = join(repoRoot, 'packages/server/src/main.ts');
  // The first migrates and seeds the demo data; the second starts on it.
  const first = await spawnServer(main, environment, 600);
  const servers = [first];
  try {
    servers.push(await spawnServer(main, environment, 600));
    const cookie = await sessionCookie(first.baseUrl);
    const paths = await readerPaths(first.baseUrl, cookie);
    await checkPaths(servers, paths, cookie);
    await measure(servers, paths, cookie, 2);
    const one: Awaited<ReturnType<typeof measure>>[] = [];
    const two: Awaited<ReturnType<typeof measure>>[] = [];
    // Alternately, so drift on a shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      one.push(await measure([first], paths, cookie, SECONDS));
      two.push(await measure(servers, paths, cookie, SECONDS));
    }
    const rate = (runs: typeof one) => runs.reduce((sum, each) => sum + each.perSecond, 0) / runs.length;
    const line = (label: string, runs: typeof one) => {
      const latencies = runs.flatMap((each) => each.latencies);
      const p95 = percentile(latencies, 0.95).toFixed(1);
      return `  ${label.padEnd(12)} ${rate(runs).toFixed(0).padStart(6)} req/s  p95 ${p95.padStart(7)} ms  (${latencies.length} answers)`;
    };
    console.log(
      `\nSigned-in reads (${READER}) on one PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s each:`,
    );
    for (const path of paths) console.log(`  GET ${path.replace(/[0-9a-f-]{36}/, '{id}')}`);
    console.log(line('1 process', one));
    console.log(line('2 processes', two));
    const machineLoad = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `  ratio ${(rate(two) / rate(one)).toFixed(2)} (2 processes / 1) on ${cpus().length} CPU cores, load average ${machineLoad}`,
    );
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** `npm run bench:processes`, and `npm run bench` with BENCH_ONLY=processes. */
export async function benchProcesses(): Promise<void> {
  const scratch = await scratchDatabase(ADMIN_URL, `curlew_bench_processes_${process.pid}`);
  if (scratch === undefined) {
    console.log(`\nSeveral processes: skipped (${ADMIN_URL} does not answer)`);
    return;
  }
  try {
    await run(scratch.url);
  } finally {
    await scratch.drop();
  }
}

if (process.argv[1] === import.meta.filename) await benchProcesses();
