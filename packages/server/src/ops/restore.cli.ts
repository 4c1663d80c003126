// `npm run restore -- <backup file>`: puts the configured database (and the embedded database's files) back to a
// backup. Stop every server process first.
import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { acquireDataFolderLock, DataFolderLockedError } from '../platform/lock.ts';
import { restoreBackup } from './backup.ts';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Name the backup to restore: npm run restore -- <file>');
  const config = loadConfig();
  const lock = config.databaseUrl
    ? undefined
    : await acquireDataFolderLock(config.dataDir).catch((error: unknown) => {
        if (error instanceof DataFolderLockedError)
          throw new Error('The server is running on this data folder: stop it, then restore.');
        throw error;
      });
  try {
    const { seconds } = await restoreBackup(config, path.resolve(file));
    console.log(`Restored ${file} in ${seconds.toFixed(1)} s. Start the server: npm start`);
  } finally {
    await lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
