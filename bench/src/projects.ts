// The projects benchmark: GET of the operator's projects list (page 1, sorted by name, with a filter) and of a
// project page, with 100,000 projects in the database, on PGlite and on PostgreSQL; prints p95 server time.
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, spawnServer } from './spawn-server.ts';
import { percentile } from './stats.ts';

const TARGET_P95_MS = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

/** A scratch PostgreSQL database for the run, dropped afterwards; undefined when no server answers. */
async function scratchDatabase(base: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `curlew_bench_projects_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${base}/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function measure(label: string, databaseUrl: string, password: string): Promise<void> {
  const server = await spawnServer(
    join(repoRoot, 'bench/src/projects-server.ts'),
    {
      CURLEW_DEMO_PASSWORD: password,
      DATABASE_URL: databaseUrl,
    },
    600,
  );
  try {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith('curlew_session='));
    if (!login.ok || !cookie) throw new Error(`demo sign-in failed: ${login.status}`);
    const headers = { cookie: cookie.split(';')[0] ?? '' };
    const get = async (path: string) => {
      const response = await fetch(`${server.baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    };
    const listPath = '/api/projects?sort=name&order=asc&page=1&pageSize=25&status=Offered';
    const first = await get(listPath);
    const projectPath = `/api/project/${first.items[0].id}`;
    for (let warm = 0; warm < 20; warm += 1) {
      await get(listPath);
      await get(projectPath);
    }
    await get('/api/bench/timings');
    for (let index = 0; index < REQUESTS; index += 1) {
      await get(listPath);
      await get(projectPath);
    }
    const timings = (await get('/api/bench/timings')) as Record<string, number[]>;
    const list = timings['/api/projects'] ?? [];
    const record = timings['/api/project/:id'] ?? [];
    const all = await get('/api/projects?pageSize=1');
    console.log(
      `\nProjects with ${all.total} projects in the database (${label}, ${REQUESTS} requests each):`,
    );
    for (const [name, values] of [
      ['GET /api/projects?sort=name&status=Offered (page 1)', list],
      ['GET /api/project/{id}', record],
    ] as const) {
      const value = percentile(values, 0.95);
      console.log(
        `  ${name.padEnd(52)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms, p95 ${value.toFixed(1).padStart(6)} ms (target <= ${TARGET_P95_MS} ms): ${value <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** Runs the projects benchmark on PGlite and, when a PostgreSQL server answers at BENCH_POSTGRES, on PostgreSQL. */
export async function benchProjects(password: string): Promise<void> {
  await measure('PGlite', '', password);
  const scratch = await scratchDatabase(process.env.BENCH_POSTGRES ?? 'postgres://root@127.0.0.1:5432');
  if (scratch === undefined) {
    console.log('\nProjects on PostgreSQL: no server at BENCH_POSTGRES, skipped');
    return;
  }
  try {
    await measure('PostgreSQL', scratch.url, password);
  } finally {
    await scratch.drop();
  }
}

if (process.argv[1] === import.meta.filename) await benchProjects('bench-demo-password-2026');
