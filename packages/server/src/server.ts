import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { registerSolverMetrics } from './modules/match/metrics.ts';
import { SolverTaskRunner } from './modules/match/runner.ts';
import { seedReferenceData } from './modules/refdata/index.ts';
import { DailyBackups } from './ops/backup-schedule.ts';
import { systemClock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import { restrictDataFolder, restrictNewFiles } from './platform/data-folder.ts';
import { connect, type DatabaseConnection } from './platform/db/connect.ts';
import { acquireDataFolderLock, type DataFolderLock } from './platform/lock.ts';
import { seedDemoData } from './seed/seed.ts';

/** A listening server with everything it holds open. */
export interface RunningServer {
  app: FastifyInstance;
  connection: DatabaseConnection;
  /** Address to open in a browser, e.g. http://localhost:3000. */
  url: string;
  /** True when this start created the demo data. */
  seeded: boolean;
  /**
   * Stops gracefully: stops taking requests and finishes those in flight (cut after `graceMs`, default
   * SHUTDOWN_GRACE_SECONDS), gives the running solver task back, stops the mail sender, closes the database and
   * releases the data folder. Answers whether requests in flight had to be cut.
   */
  close(options?: { graceMs?: number }): Promise<{ cut: boolean }>;
}

const browsableHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === '::1' ? 'localhost' : host;

/** Locks the data folder (PGlite only), connects, migrates, seeds demo data outside production, listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  restrictNewFiles();
  const lock: DataFolderLock | undefined = config.databaseUrl
    ? undefined
    : await acquireDataFolderLock(config.dataDir);
  let connection: DatabaseConnection | undefined;
  let app: FastifyInstance | undefined;
  let seeded = false;
  try {
    const opened = await connect(config);
    connection = opened;
    // One process at a time migrates and seeds (a PostgreSQL advisory lock): the others wait, then find it done.
    seeded = await opened.exclusively(async () => {
      await opened.migrate();
      if (lock) restrictDataFolder(config.dataDir);
      await seedReferenceData(opened.db);
      return config.production
        ? false
        : await seedDemoData(opened.db, {
            password: config.demoPassword,
            clock: systemClock,
            publicUrl: config.publicUrl,
          });
    });
    app = await buildApp({ config, db: opened.db, ...(opened.poolUse ? { poolUse: opened.poolUse } : {}) });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await connection?.close();
    await lock?.release();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const openApp = app;
  const openConnection = connection;
  // Solver tasks run off the request path; every process takes its share (MARKET.md section 4).
  const solver = new SolverTaskRunner(connection.db, systemClock, {
    log: app.log.child({ component: 'solver' }),
    onTaskEnded: registerSolverMetrics(app.ops.metrics.registry, connection.db),
  });
  solver.start();
  app.ops.workers.set('solver', () => solver.active);
  // The embedded database's daily backup (a PostgreSQL server is backed up with pg_dump by its operator).
  const dailyBackups =
    !config.databaseUrl && config.backupDaily
      ? new DailyBackups(config, connection.db, app.log.child({ component: 'backup' }))
      : undefined;
  dailyBackups?.start();
  return {
    app: openApp,
    connection: openConnection,
    url: `http://${browsableHost(config.host)}:${port}`,
    seeded,
    async close(options = {}) {
      const graceMs = options.graceMs ?? config.shutdownGraceSeconds * 1000;
      let cut = false;
      try {
        // Fastify stops listening, answers 503 to new requests on open connections, and waits for those in flight.
        const closed = openApp.close();
        const timer = setTimeout(() => {
          cut = true;
          openApp.log.warn(
            { event: 'shutdown_cut' },
            'requests still in flight at the end of the grace: cut',
          );
          openApp.server.closeAllConnections();
        }, graceMs);
        try {
          await Promise.all([closed, solver.stop()]);
        } finally {
          clearTimeout(timer);
        }
        await dailyBackups?.stop();
        await openConnection.close();
      } finally {
        await lock?.release();
      }
      return { cut };
    },
  };
}
