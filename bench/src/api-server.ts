// Benchmark server: the real application plus one bare route that does the same session lookup as
// GET /api/auth/user and nothing else, so the two can be compared under the same load.

import { buildApp } from '../../packages/server/src/app.ts';
import { requireSession } from '../../packages/server/src/auth/guard.ts';
import { systemClock } from '../../packages/server/src/platform/clock.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { connect } from '../../packages/server/src/platform/db/connect.ts';
import { seedDemoData } from '../../packages/server/src/seed/seed.ts';

const config = loadConfig();
const connection = await connect(config);
await connection.migrate();
await seedDemoData(connection.db, { password: config.demoPassword, clock: systemClock });
const app = await buildApp({ config, db: connection.db, webDistDir: '/nonexistent' });
app.get('/api/bench/session', async (request) => {
  const session = await requireSession(request);
  return { id: session.user.id };
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
