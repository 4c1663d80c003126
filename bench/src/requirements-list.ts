// The operator's credit requirements list with 100,000 requirements and 400,000 requirement credits: p95 server
// time of page 1 (sorted, filtered), on PGlite and, when it answers, on PostgreSQL (a scratch database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { seedReferenceData } from '../../packages/server/src/modules/refdata/index.ts';
import { systemClock } from '../../packages/server/src/platform/clock.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import {
  connectPglite,
  connectPostgres,
  type DatabaseConnection,
} from '../../packages/server/src/platform/db/connect.ts';
import { seedDemoData } from '../../packages/server/src/seed/seed.ts';
import { scratchDatabase } from './scratch-database.ts';
import { percentile } from './stats.ts';

const REQUIREMENTS = 100_000;
const CREDITS_PER_REQUIREMENT = 4;
const TARGET_MS = 100;
const RUNS = 40;
const PASSWORD = 'bench-demo-password-2026';
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const SCRATCH = `curlew_bench_requirements_${process.pid}`;

/** The lists measured: the operator's page 1, sorted and filtered as the admin page asks. */
const QUERIES = [
  '/api/requirements?sort=name&order=asc&page=1&pageSize=25',
  '/api/requirements?status=Bid&sort=createdAt&order=desc&page=1&pageSize=25',
  '/api/requirements?creditType=NutrientMitigationNitrogen&type=Buyer&sort=buyer&page=1&pageSize=25',
  '/api/requirements?q=harbour&sort=name&page=1&pageSize=25',
];

/** Fills the database: buyers, 100,000 requirements spread over the demo rounds and LPAs, 4 credit lines each. */
async function fill(connection: DatabaseConnection): Promise<void> {
  const { db } = connection;
  await db.execute(sql`
    insert into organisations (type, name, created_at, updated_at)
    select 'PARTICIPANT', 'Bench buyer ' || g, now(), now() from generate_series(1, 500) g`);
  await db.execute(sql`
    with buyers as (select array_agg(id order by name) ids, array_agg(name order by name) names
                    from organisations where name like 'Bench buyer %'),
         rounds as (select array_agg(id order by name) ids, array_agg(market_id order by name) markets from market_rounds),
         places as (select array_agg(id order by code) ids from lpas),
         statuses as (select array['Draft','Provisional','Registered','Bid','Unmatched','RightsCreated']::text[] s),
         kinds as (select array['Biodiversity','NutrientMitigationNitrogen','NutrientMitigationPhosphorous']::text[] k)
    insert into credit_requirements (name, type, status, buyer_id, buyer_name, market_id, market_round_id, credit_type,
      planning_ref, redemption_date, lpa_id, near_address, credit_types, units, created_at, updated_at)
    select
      (array['Harbour','Meadow','Riverside','Quay','Grange','Park','Fields','Lane'])[1 + g % 8] || ' development ' || g,
      case when g % 10 = 0 then 'Investor' else 'Buyer' end,
      statuses.s[1 + g % 6],
      buyers.ids[1 + g % 500],
      buyers.names[1 + g % 500],
      rounds.markets[1 + g % cardinality(rounds.ids)],
      rounds.ids[1 + g % cardinality(rounds.ids)],
      kinds.k[1 + g % 3],
      'P/' || g || '/FUL',
      date '2027-01-01' + (g % 700),
      places.ids[1 + g % greatest(cardinality(places.ids), 1)],
      g || ' High Street',
      array[kinds.k[1 + g % 3]]::text[],
      (g % 97) + 1,
      now() - (g || ' minutes')::interval,
      now()
    from generate_series(1, ${REQUIREMENTS}) g, buyers, rounds, places, statuses, kinds`);
  await db.execute(sql`
    insert into requirement_credits (requirement_id, type, status, required_units, is_permanent, years, position)
    select r.id, r.credit_type, 'Draft', 1 + n, n % 2 = 0, case when n % 2 = 0 then null else 5 end, n
    from credit_requirements r, generate_series(0, ${CREDITS_PER_REQUIREMENT - 1}) n
    where r.credit_type is not null`);
  await db.execute(sql`analyze`);
}

/** Builds the app on the connection, signs the operator in and measures each list. */
async function measure(label: string, connection: DatabaseConnection): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curlew-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, CURLEW_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
  try {
    await connection.migrate();
    await seedReferenceData(connection.db);
    await seedDemoData(connection.db, { password: PASSWORD, clock: systemClock });
    const started = performance.now();
    await fill(connection);
    const counts = await connection.db.execute(
      sql`select (select count(*) from credit_requirements)::int as requirements, (select count(*) from requirement_credits)::int as credits`,
    );
    const [counted] = (counts as unknown as { rows: { requirements: number; credits: number }[] }).rows;
    console.log(
      `\n${label}: ${counted?.requirements} requirements, ${counted?.credits} requirement credits (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const app = await buildApp({ config, db: connection.db, webDistDir: '/nonexistent' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      const cookie = login.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
      if (login.statusCode !== 200) throw new Error(`operator sign-in failed: ${login.statusCode}`);
      for (const url of QUERIES) {
        const times: number[] = [];
        let total = 0;
        for (let run = 0; run < RUNS + 5; run += 1) {
          const before = performance.now();
          const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
          const elapsed = performance.now() - before;
          if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
          total = answer.json().total;
          if (run >= 5) times.push(elapsed);
        }
        const p95 = percentile(times, 0.95);
        console.log(
          `  p95 ${p95.toFixed(1).padStart(6)} ms  median ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  (${total} rows match)  ${url}  ${p95 <= TARGET_MS ? 'met' : 'NOT met'} (target <= ${TARGET_MS} ms)`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench` part: the requirements list on PGlite, then on PostgreSQL when a server answers. */
export async function benchRequirementsList(): Promise<void> {
  // BENCH_SKIP_PGLITE=1 measures PostgreSQL only (the PGlite fill takes minutes).
  if (process.env.BENCH_SKIP_PGLITE !== '1')
    await measure('Requirements list on PGlite', await connectPglite());
  const scratch = await scratchDatabase(POSTGRES_ADMIN_URL, SCRATCH);
  if (scratch === undefined) {
    console.log(`\nRequirements list on PostgreSQL: skipped (${POSTGRES_ADMIN_URL} does not answer)`);
    return;
  }
  try {
    await measure('Requirements list on PostgreSQL', await connectPostgres(scratch.url));
  } finally {
    await scratch.drop();
  }
}

if (process.argv[1]?.endsWith('requirements-list.ts')) await benchRequirementsList();
