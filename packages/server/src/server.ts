import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { SolverTaskRunner } from './modules/match/runner.ts';
import { seedReferenceData } from './modules/refdata/index.ts';
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
  /** Stops listening, closes the database and releases the data folder. */
  close(): Promise<void>;
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
    connection = await connect(config);
    await connection.migrate();
    if (lock) restrictDataFolder(config.dataDir);
    await seedReferenceData(connection.db);
    seeded = config.production
      ? false
      : await seedDemoData(connection.db, {
          password: config.demoPassword,
          clock: systemClock,
          publicUrl: config.publicUrl,
        });
    app = await buildApp({ config, db: connection.db });
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
  });
  solver.start();
  return {
    app: openApp,
    connection: openConnection,
    url: `http://${browsableHost(config.host)}:${port}`,
    seeded,
    async close() {
      try {
        await solver.stop();
        await openApp.close();
        await openConnection.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
