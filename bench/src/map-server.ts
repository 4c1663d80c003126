// Benchmark server for the round map: Curlew as `npm start` runs it (its own solver thread) on a fresh data folder,
// with two generated rounds of 500 projects and 2,000 credit requirements: one closed for bids and offers (offered
// projects, bid requirements), and one cleared and accepted (its accepted flows drawn). The generated planning areas
// are moved onto England's real ones so every record is drawn inside a real area. Prints `BENCH_ROUND <json>` for
// each round, then `LISTENING <url>`.
import { eq, inArray, like } from 'drizzle-orm';
import { planningAreas } from '../../packages/server/src/modules/map/map.areas.ts';
import { projects } from '../../packages/server/src/modules/projects/projects.tables.ts';
import { lpas } from '../../packages/server/src/modules/refdata/refdata.tables.ts';
import { creditRequirements } from '../../packages/server/src/modules/requirements/requirements.tables.ts';
import { marketRounds } from '../../packages/server/src/modules/rounds/rounds.tables.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import type { Database } from '../../packages/server/src/platform/db/connect.ts';
import { startServer } from '../../packages/server/src/server.ts';
import { seedGeneratedRound } from './round-seed.ts';

const [projectCount, requirementCount] = (process.env.BENCH_MAP_SIZE ?? '500x2000')
  .split('x')
  .map(Number) as [number, number];
/** The cleared round's solver time limit (seconds): a realistic 500 x 2,000 round solves well within it. */
const TIME_LIMIT = Number(process.env.BENCH_MAP_TIME_LIMIT ?? 60);

const config = loadConfig();
const server = await startServer(config);
const { app } = server;
const db = server.connection.db;

/** Moves the round's generated planning areas onto real ones (in code order), its records with them. */
async function placeInEngland(tag: string): Promise<void> {
  const generated = await db
    .select({ id: lpas.id })
    .from(lpas)
    .where(like(lpas.code, `E69${tag}%`))
    .orderBy(lpas.code);
  const real = await db
    .select({ id: lpas.id })
    .from(lpas)
    .where(inArray(lpas.code, [...planningAreas().codes]))
    .orderBy(lpas.code);
  for (const [index, { id }] of generated.entries()) {
    const target = real[index % real.length]?.id;
    if (!target) throw new Error('No planning area with a boundary');
    await db.update(projects).set({ lpaId: target }).where(eq(projects.lpaId, id));
    await db.update(creditRequirements).set({ lpaId: target }).where(eq(creditRequirements.lpaId, id));
  }
}

/** Posts a round action as the operator; throws unless it succeeds. */
async function roundAction(cookie: string, roundId: string, action: string): Promise<void> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/round/${roundId}/action/${action}`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: '{}',
  });
  if (answer.statusCode !== 200) throw new Error(`${action}: ${answer.statusCode} ${answer.body}`);
}

/** Match, waits for the server's solver thread to store the result, then AcceptMatch. */
async function clearRound(database: Database, cookie: string, roundId: string): Promise<void> {
  await roundAction(cookie, roundId, 'Match');
  for (;;) {
    const [round] = await database
      .select({ status: marketRounds.status })
      .from(marketRounds)
      .where(eq(marketRounds.id, roundId));
    if (round?.status === 'Pending') break;
    if (round?.status !== 'Matching') throw new Error(`The round's match ended ${round?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await roundAction(cookie, roundId, 'AcceptMatch');
}

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify({ username: 'admin', password: config.demoPassword }),
});
if (login.statusCode !== 200) throw new Error(`operator sign-in failed: ${login.statusCode}`);
const cookie = login.cookies.map((item) => `${item.name}=${item.value}`).join('; ');

for (const [tag, state] of [
  ['1', 'offered and bid'],
  ['2', 'accepted result'],
] as const) {
  const started = performance.now();
  const shape = {
    projects: projectCount,
    requirements: requirementCount,
    seed: 1,
    profile: 'realistic',
  } as const;
  const seeded = await seedGeneratedRound(db, shape, tag, TIME_LIMIT);
  if (state === 'accepted result') await clearRound(db, cookie, seeded.roundId);
  await placeInEngland(tag);
  const [round] = await db
    .select({ marketId: marketRounds.marketId, status: marketRounds.status })
    .from(marketRounds)
    .where(eq(marketRounds.id, seeded.roundId));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `BENCH_ROUND ${JSON.stringify({ state, roundId: seeded.roundId, marketId: round?.marketId, status: round?.status, seconds })}`,
  );
}
console.log(`LISTENING ${server.url}`);

let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  await server.close({ graceMs: 2000 });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
