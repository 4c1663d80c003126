// The search with 100,000 projects and 100,000 credit requirements: p95 server time of `GET /api/search/{term}` for
// the operator and a local planning authority, on PGlite and, when it answers, on PostgreSQL (a scratch database).
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

const ROWS = 100_000;
const TARGET_MS = 100;
const RUNS = 40;
const PASSWORD = 'bench-demo-password-2026';
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const SCRATCH = `curlew_bench_search_${process.pid}`;

/** The searches measured, by reader: a planning reference, a word, a typo, a partial word, two words. */
const SEARCHES: { user: string; term: string }[] = [
  { user: 'admin', term: 'P/42424/FUL' },
  { user: 'admin', term: 'harbour' },
  { user: 'admin', term: 'harbor' },
  { user: 'admin', term: 'riversi' },
  { user: 'admin', term: 'meadow 4242' },
  { user: 'eastleigh', term: 'harbour' },
  { user: 'eastleigh', term: 'Botley' },
];

/** Fills the database: 500 organisations, 100,000 projects and 100,000 requirements over the demo rounds and LPAs. */
async function fill(connection: DatabaseConnection): Promise<void> {
  const { db } = connection;
  await db.execute(sql`
    insert into organisations (type, name, created_at, updated_at)
    select 'PARTICIPANT', 'Bench organisation ' || g, now(), now() from generate_series(1, 500) g`);
  const words = sql`array['Harbour','Meadow','Riverside','Quay','Grange','Park','Fields','Lane']`;
  await db.execute(sql`
    with owners as (select array_agg(id order by name) ids, array_agg(name order by name) names
                    from organisations where name like 'Bench organisation %'),
         rounds as (select array_agg(id order by name) ids, array_agg(market_id order by name) markets from market_rounds),
         places as (select array_agg(id order by code) ids from lpas)
    insert into projects (name, status, supplier_id, market_id, market_round_id, lpa_id, near_address, service_types,
      created_at, updated_at)
    select
      (${words})[1 + g % 8] || ' restoration ' || g,
      (array['Draft','Provisional','Registered','Offered'])[1 + g % 4],
      owners.ids[1 + g % 500],
      rounds.markets[1 + g % cardinality(rounds.ids)],
      rounds.ids[1 + g % cardinality(rounds.ids)],
      places.ids[1 + g % greatest(cardinality(places.ids), 1)],
      g || ' Farm Lane',
      array['Biodiversity']::text[],
      now() - (g || ' minutes')::interval,
      now()
    from generate_series(1, ${ROWS}) g, owners, rounds, places`);
  await db.execute(sql`
    with owners as (select array_agg(id order by name) ids, array_agg(name order by name) names
                    from organisations where name like 'Bench organisation %'),
         rounds as (select array_agg(id order by name) ids, array_agg(market_id order by name) markets from market_rounds),
         places as (select array_agg(id order by code) ids from lpas)
    insert into credit_requirements (name, type, status, buyer_id, buyer_name, market_id, market_round_id, credit_type,
      planning_ref, redemption_date, lpa_id, near_address, credit_types, units, created_at, updated_at)
    select
      (${words})[1 + g % 8] || ' development ' || g,
      'Buyer',
      (array['Draft','Provisional','Registered','Bid'])[1 + g % 4],
      owners.ids[1 + g % 500],
      owners.names[1 + g % 500],
      rounds.markets[1 + g % cardinality(rounds.ids)],
      rounds.ids[1 + g % cardinality(rounds.ids)],
      'Biodiversity',
      'P/' || g || '/FUL',
      date '2027-01-01' + (g % 700),
      places.ids[1 + g % greatest(cardinality(places.ids), 1)],
      g || ' High Street',
      array['Biodiversity']::text[],
      (g % 97) + 1,
      now() - (g || ' minutes')::interval,
      now()
    from generate_series(1, ${ROWS}) g, owners, rounds, places`);
  await db.execute(sql`analyze`);
}

/** Builds the app on the connection, signs each reader in and measures each search. */
async function measure(label: string, connection: DatabaseConnection): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curlew-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, CURLEW_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
  try {
    await connection.migrate();
    await seedReferenceData(connection.db);
    await seedDemoData(connection.db, { password: PASSWORD, clock: systemClock });
    const started = performance.now();
    await fill(connection);
    console.log(
      `\n${label}: ${ROWS} projects and ${ROWS} credit requirements added (in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const app = await buildApp({ config, db: connection.db, webDistDir: '/nonexistent' });
    try {
      const cookies = new Map<string, string>();
      for (const user of new Set(SEARCHES.map((search) => search.user))) {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: user, password: PASSWORD }),
        });
        if (login.statusCode !== 200) throw new Error(`${user} sign-in failed: ${login.statusCode}`);
        cookies.set(user, login.cookies.map((item) => `${item.name}=${item.value}`).join('; '));
      }
      for (const { user, term } of SEARCHES) {
        const url = `/api/search/${encodeURIComponent(term)}`;
        const times: number[] = [];
        let found = '';
        for (let run = 0; run < RUNS + 5; run += 1) {
          const before = performance.now();
          const answer = await app.inject({
            method: 'GET',
            url,
            headers: { cookie: cookies.get(user) ?? '' },
          });
          const elapsed = performance.now() - before;
          if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
          const groups = (answer.json() as { groups: { kind: string; total: number }[] }).groups;
          found = groups.map((group) => `${group.kind} ${group.total}`).join(', ') || 'nothing';
          if (run >= 5) times.push(elapsed);
        }
        const p95 = percentile(times, 0.95);
        console.log(
          `  p95 ${p95.toFixed(1).padStart(6)} ms  median ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  ${user.padEnd(9)} "${term}" (${found})  ${p95 <= TARGET_MS ? 'met' : 'NOT met'} (target <= ${TARGET_MS} ms)`,
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

/** `npm run bench` part: the search on PGlite, then on PostgreSQL when a server answers. */
export async function benchSearch(): Promise<void> {
  // BENCH_SKIP_PGLITE=1 measures PostgreSQL only (the PGlite fill takes minutes).
  if (process.env.BENCH_SKIP_PGLITE !== '1') await measure('Search on PGlite', await connectPglite());
  const scratch = await scratchDatabase(POSTGRES_ADMIN_URL, SCRATCH);
  if (scratch === undefined) {
    console.log(`\nSearch on PostgreSQL: skipped (${POSTGRES_ADMIN_URL} does not answer)`);
    return;
  }
  try {
    await measure('Search on PostgreSQL', await connectPostgres(scratch.url));
  } finally {
    await scratch.drop();
  }
}

if (process.argv[1]?.endsWith('search.ts')) await benchSearch();
