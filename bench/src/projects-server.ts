// Benchmark server for the projects pages: the real application on a database holding 100,000 projects, plus a
// route answering the server time (Fastify's elapsed time) of every request it served, by route.

import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { seedReferenceData } from '../../packages/server/src/modules/refdata/index.ts';
import { systemClock } from '../../packages/server/src/platform/clock.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { connect } from '../../packages/server/src/platform/db/connect.ts';
import { seedDemoData } from '../../packages/server/src/seed/seed.ts';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);

const config = loadConfig();
const connection = await connect(config);
await connection.migrate();
await seedReferenceData(connection.db);
await seedDemoData(connection.db, { password: config.demoPassword, clock: systemClock });
const started = Date.now();
// 100,000 projects of the demo suppliers over the demo rounds, in every status, spread over the LPAs, each with
// the credit types of its services; names sort in a different order from their insertion.
await connection.db.execute(sql`
  insert into projects (name, status, supplier_id, type_id, market_id, market_round_id, lpa_id, service_types,
                        is_fixed_term, maintenance, market_operator_fee, compliance_monitoring, performance_monitoring,
                        offer, created_at, updated_at)
  select 'Bench project ' || md5(n::text),
         (array['Draft','Provisional','Registered','Screened','FailedScreening','PendingScreening','Certified',
                'NotCertified','ApprovedRound','FailedRound','PendingRound','Offered','Matched','Unmatched',
                'Contracted','Verified','FailedVerification','Monitoring'])[1 + n % 18],
         s.ids[1 + n % cardinality(s.ids)],
         t.ids[1 + n % cardinality(t.ids)],
         r.market_ids[1 + n % cardinality(r.ids)],
         r.ids[1 + n % cardinality(r.ids)],
         l.ids[1 + n % cardinality(l.ids)],
         case n % 4 when 0 then '{Biodiversity}'::text[] when 1 then '{NutrientMitigationNitrogen}'::text[]
                    when 2 then '{NutrientMitigationPhosphorous}'::text[]
                    else '{Biodiversity,NutrientMitigationNitrogen}'::text[] end,
         false, 50000, 2500, 8000, 6000, 100000 + n, now() - (n || ' minutes')::interval, now()
  from generate_series(1, ${PROJECTS}) as n,
       (select array_agg(id) as ids from organisations where type = 'PARTICIPANT') s,
       (select array_agg(id) as ids from project_types) t,
       (select array_agg(id order by name) as ids, array_agg(market_id order by name) as market_ids from market_rounds) r,
       (select array_agg(id) as ids from lpas) l
`);
// As autovacuum would have done by now on PostgreSQL (the visibility map lets counts read the index only).
await connection.db.execute(sql`vacuum analyze`);
console.error(`${PROJECTS} projects inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({ config, db: connection.db, webDistDir: '/nonexistent' });
const timings = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const route = request.routeOptions.url ?? request.url;
  const list = timings.get(route) ?? [];
  list.push(reply.elapsedTime);
  timings.set(route, list);
});
app.get('/api/bench/timings', async () => {
  const answer = Object.fromEntries(timings);
  timings.clear();
  return answer;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`LISTENING ${address}`);

const shutdown = async (): Promise<void> => {
  await app.close();
  await connection.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
