// `npm run backup`: a backup of the configured database (and the embedded database's files) into BACKUP_DIR.
import { formatFileSize } from '@curlew/domain';
import { loadConfig } from '../platform/config.ts';
import { connectPglite, connectPostgres, pgliteFolder } from '../platform/db/connect.ts';
import { acquireDataFolderLock, DataFolderLockedError } from '../platform/lock.ts';
import { makeBackup } from './backup.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const connection = await connectPostgres(config.databaseUrl, { max: 1 });
    try {
      report(await makeBackup(config, connection.db), config.backupDir);
    } finally {
      await connection.close();
    }
    return;
  }
  const lock = await acquireDataFolderLock(config.dataDir).catch((error: unknown) => {
    if (error instanceof DataFolderLockedError)
      throw new Error(
        'The server is running on this data folder: make a backup on its System page (it also makes one every day into BACKUP_DIR), or stop it first.',
      );
    throw error;
  });
  try {
    const connection = await connectPglite({ dataDir: pgliteFolder(config.dataDir) });
    try {
      report(await makeBackup(config, connection.db), config.backupDir);
    } finally {
      await connection.close();
    }
  } finally {
    await lock.release();
  }
}

function report(backup: { name: string; bytes: number; seconds: number }, folder: string): void {
  console.log(
    `Backup written: ${folder}/${backup.name} (${formatFileSize(backup.bytes)}, ${backup.seconds.toFixed(1)} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
