import { loadConfig } from './platform/config.ts';
import { hasWebBuild } from './platform/static.ts';
import { DEMO_ACCOUNTS } from './seed/seed.ts';
import { startServer } from './server.ts';

/** The process entry: `node --import tsx packages/server/src/main.ts`, or `dist/main.js` once built. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Curlew is running at ${server.url} (${config.nodeEnv}, ${database})`);
  if (!hasWebBuild(config.webDistDir)) {
    console.log(`No web app built in ${config.webDistDir} (WEB_DIST_DIR): serving the API only.`);
  }
  if (server.seeded) console.log('Demo data created.');
  if (!config.production) {
    console.log(`Demo accounts (password "${config.demoPassword}", set by CURLEW_DEMO_PASSWORD):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username.padEnd(9)} ${account.role}`);
  }

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    // Past the grace for requests in flight and a margin to close the rest, the process ends whatever holds it.
    setTimeout(
      () => {
        console.error('Shutdown did not finish in time: exiting');
        process.exit(1);
      },
      config.shutdownGraceSeconds * 1000 + 10_000,
    ).unref();
    server.close().then(
      ({ cut }) => {
        console.log(cut ? 'Stopped (requests still in flight were cut)' : 'Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && error.name !== 'Error' ? error.message : error);
  process.exit(1);
});
