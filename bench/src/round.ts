// `npm run bench:round`: a generated round of 500 projects x 2,000 requirements seeded through the database, then
// Match end to end (instance build, solve in the server's clearing thread, result stored) and AcceptMatch, timed
// against the issue's targets; once for a round of realistic mix (the solve's reference: `bench:clear`'s rounds)
// and once for a connected round (nearly all biodiversity in one connected part). Figures, not pass/fail.
// Options: --quick (100 x 400), --size 500x2000, --seed N (default 1 realistic, 3 connected), --profile realistic|connected (default both),
// --time-limit S (the round's solver limit, default 150). PostgreSQL instead of PGlite: BENCH_ROUND_POSTGRES_URL
// (an admin URL; a scratch database is created and dropped).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { buildInstance } from '../../packages/server/src/modules/match/instance.ts';
import { loadRoundRecords } from '../../packages/server/src/modules/match/match.records.ts';
import { SolverTaskRunner } from '../../packages/server/src/modules/match/runner.ts';
import { loadLpaAdjacency, loadMatchRound } from '../../packages/server/src/modules/match/start-match.ts';
import { findSolverTask } from '../../packages/server/src/modules/match/tasks.ts';
import { seedReferenceData } from '../../packages/server/src/modules/refdata/index.ts';
import { marketRounds } from '../../packages/server/src/modules/rounds/rounds.tables.ts';
import { systemClock } from '../../packages/server/src/platform/clock.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import {
  connectPglite,
  connectPostgres,
  type DatabaseConnection,
} from '../../packages/server/src/platform/db/connect.ts';
import { seedDemoData } from '../../packages/server/src/seed/seed.ts';
import { seedGeneratedRound } from './round-seed.ts';

const TARGETS = { instanceSeconds: 2, acceptSeconds: 5, connectedSolveSeconds: 30 } as const;
const PASSWORD = 'bench-demo-password-2026';
const SCRATCH = 'curlew_bench_round';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = args.includes('--quick');
const [projectCount, requirementCount] = (option('--size') ?? (quick ? '100x400' : '500x2000'))
  .split('x')
  .map(Number) as [number, number];
/** Seeds: the realistic round of `bench:clear` (seed 1) and the hardest connected round of five (seed 3). */
const seedOf = (profile: string) => Number(option('--seed') ?? (profile === 'connected' ? 3 : 1));
const timeLimit = Number(option('--time-limit') ?? 150);
const profiles = (option('--profile') ?? 'realistic,connected').split(',') as ('realistic' | 'connected')[];

/** The solve's seconds per profile in this run: the realistic round's is the connected round's baseline. */
const solves = new Map<string, number>();
const seconds = (from: number) => (performance.now() - from) / 1000;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';
const verdict = (value: number, target: number) =>
  `${value <= target ? 'met' : 'NOT met'} (target <= ${target} s)`;

/** One round: seed, Match (build, queue), run the task (solve, store), AcceptMatch; prints the figures. */
async function benchRound(
  connection: DatabaseConnection,
  app: Awaited<ReturnType<typeof buildApp>>,
  cookie: string,
  profile: 'realistic' | 'connected',
  tag: string,
): Promise<void> {
  const { db } = connection;
  let started = performance.now();
  const seed = seedOf(profile);
  const seeded = await seedGeneratedRound(
    db,
    { projects: projectCount, requirements: requirementCount, seed, profile },
    tag,
    timeLimit,
  );
  console.log(
    `\n${profile} round ${projectCount}x${requirementCount} (seed ${seed}): seeded ${seeded.projects} projects and ${seeded.requirements} requirements in ${seconds(started).toFixed(1)} s (load ${load()})`,
  );

  // The instance build alone (what Match does before it queues the task): records, then the pure builder.
  const now = systemClock();
  started = performance.now();
  const round = await loadMatchRound(db, seeded.roundId, now);
  const records = await loadRoundRecords(db, seeded.roundId);
  const loaded = seconds(started);
  const lpaIds = [
    ...records.projects.flatMap((p) => (p.location?.lpa ? [p.location.lpa.id] : [])),
    ...records.requirements.flatMap((r) =>
      [r.development?.lpa.id, r.location?.lpa.id].filter((id) => id !== undefined),
    ),
  ];
  const adjacency = await loadLpaAdjacency(db, lpaIds);
  const built = buildInstance(round, records.projects, records.requirements, adjacency);
  const instanceSeconds = seconds(started);
  const reasons = new Map<string, number>();
  for (const out of built.leftOut) reasons.set(out.reason, (reasons.get(out.reason) ?? 0) + 1);
  console.log(
    `  instance build   ${instanceSeconds.toFixed(2).padStart(7)} s  (records ${loaded.toFixed(2)} s, ${built.instance.projects.length} projects, ${built.instance.requirements.length} requirements, ${built.leftOut.length} left out)  ${verdict(instanceSeconds, TARGETS.instanceSeconds)}`,
  );
  for (const [reason, count] of reasons) console.log(`    left out: ${count} x ${reason}`);

  started = performance.now();
  const match = await app.inject({
    method: 'POST',
    url: `/api/round/${seeded.roundId}/action/Match`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: '{}',
  });
  if (match.statusCode !== 200) throw new Error(`Match: ${match.statusCode} ${match.body}`);
  const matchSeconds = seconds(started);
  const taskId = (match.json() as { context: { id: string } }).context.id;
  console.log(
    `  Match action     ${matchSeconds.toFixed(2).padStart(7)} s  (instance build and task stored; the answer)`,
  );

  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const ended = await new SolverTaskRunner(db, systemClock, { heartbeatMs: 1000 }).runNext();
  const runSeconds = seconds(started);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const task = await findSolverTask(db, taskId);
  const result = task?.result;
  if (ended?.status !== 'Succeeded' || !result)
    throw new Error(`The task ended ${ended?.status}: ${ended?.reason}`);
  // The 30 s target is the 500 x 2,000 connected round's.
  const solveTarget =
    profile === 'connected' && projectCount >= 500
      ? `  ${verdict(result.seconds, TARGETS.connectedSolveSeconds)}`
      : '';
  console.log(
    `  solve            ${result.seconds.toFixed(2).padStart(7)} s  ${result.status}, gap ${(result.gap * 100).toFixed(4)} %, surplus ${Math.round(result.surplus).toLocaleString('en-GB')} GBP, ${cpuSeconds.toFixed(1)} cpu s (load ${load()})${solveTarget}`,
  );
  solves.set(profile, result.seconds);
  const reference = solves.get('realistic');
  if (profile === 'connected' && reference)
    console.log(
      `  solve vs realistic ${(result.seconds / reference).toFixed(1).padStart(5)} x  (the realistic round's solve in this run, ${reference.toFixed(2)} s, is the baseline: bench:clear's rounds)`,
    );
  console.log(
    `  task run         ${runSeconds.toFixed(2).padStart(7)} s  (clearing thread start, solve, result stored, round Pending)`,
  );
  console.log(
    `  Match end to end ${(matchSeconds + runSeconds).toFixed(2).padStart(7)} s  (Match action + task run)`,
  );

  started = performance.now();
  const accept = await app.inject({
    method: 'POST',
    url: `/api/round/${seeded.roundId}/action/AcceptMatch`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: '{}',
  });
  if (accept.statusCode !== 200) throw new Error(`AcceptMatch: ${accept.statusCode} ${accept.body}`);
  const acceptSeconds = seconds(started);
  const [after] = await db
    .select({ status: marketRounds.status })
    .from(marketRounds)
    .where(eq(marketRounds.id, seeded.roundId));
  console.log(
    `  AcceptMatch      ${acceptSeconds.toFixed(2).padStart(7)} s  (${result.projects.filter((p) => p.won).length} winning projects, ${result.flows.length} flows; round ${after?.status})  ${verdict(acceptSeconds, TARGETS.acceptSeconds)}`,
  );
}

async function run(label: string, connection: DatabaseConnection): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curlew-bench-round-'));
  const config = loadConfig({ DATA_DIR: dataDir, CURLEW_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
  try {
    await connection.migrate();
    await seedReferenceData(connection.db);
    await seedDemoData(connection.db, { password: PASSWORD, clock: systemClock });
    const app = await buildApp({ config, db: connection.db, webDistDir: '/nonexistent' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      if (login.statusCode !== 200) throw new Error(`operator sign-in failed: ${login.statusCode}`);
      const cookie = login.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
      console.log(`${label} (load ${load()}; round solver time limit ${timeLimit} s)`);
      for (const [i, profile] of profiles.entries())
        await benchRound(connection, app, cookie, profile, String(i + 1));
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresUrl = process.env.BENCH_ROUND_POSTGRES_URL;
if (!postgresUrl) await run('bench:round on PGlite', await connectPglite());
else {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${SCRATCH}`);
    await admin.query(`create database ${SCRATCH}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${SCRATCH}`;
    await run('bench:round on PostgreSQL', await connectPostgres(url.toString()));
  } finally {
    await admin.query(`drop database if exists ${SCRATCH}`);
    await admin.end();
  }
}
