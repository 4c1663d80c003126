import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { formatFileSize } from '@curlew/domain';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { openTestDatabase, testDrivers } from '../../test/database.ts';
import { buildOrganisation } from '../../test/factories.ts';
import { migratedDataFolder } from '../../test/processes.ts';
import { databaseFileStorage, localFileStorage, newStorageKey } from '../modules/files/storage.ts';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import type { Config } from '../platform/config.ts';
import { connectPglite, connectPostgres, type Database, pgliteFolder } from '../platform/db/connect.ts';
import { startServer } from '../server.ts';
import { listBackups, makeBackup, pruneDailyBackups, restoreBackup } from './backup.ts';

/** Names of the organisations a test wrote, in write order. */
const writtenNames = async (db: Database, prefix: string): Promise<string[]> =>
  (
    await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(like(organisations.name, `${prefix}%`))
  )
    .map((row) => row.name)
    .sort((a, b) => Number(a.split(' ').pop()) - Number(b.split(' ').pop()));

/** Writes organisations, makes a backup, writes more: answers the backup and the names written before it. */
async function backupBetweenWrites(config: Config, db: Database, prefix: string) {
  for (let n = 0; n < 50; n += 1) await buildOrganisation(db, { name: `${prefix} ${n}` });
  const beforeBackup = Array.from({ length: 50 }, (_, i) => `${prefix} ${i}`);
  const backup = await makeBackup(config, db);
  // Written after the backup: none of these may come back.
  for (let i = 0; i < 20; i += 1) await buildOrganisation(db, { name: `${prefix} after ${i}` });
  return { backup, beforeBackup, byBackupEnd: beforeBackup };
}

/** The restored writes are the writes up to some moment during the backup: every earlier one, nothing later. */
function expectBackedUpState(restored: string[], written: { beforeBackup: string[]; byBackupEnd: string[] }) {
  expect(restored.slice(0, written.beforeBackup.length)).toEqual(written.beforeBackup);
  expect(restored).toEqual(written.byBackupEnd.slice(0, restored.length));
  expect(restored.some((name) => name.includes('after'))).toBe(false);
}

const cleanup: string[] = [];
afterAll(() => {
  for (const folder of cleanup) rmSync(folder, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('restores exactly the backed-up state with its files, and the server starts on it', {
    timeout: 400_000,
  }, async () => {
    const dataDir = await migratedDataFolder('curlew-backup-');
    cleanup.push(dataDir);
    const config = testConfig({ dataDir, backupDir: path.join(dataDir, 'backups') });
    const files = localFileStorage(path.join(dataDir, 'files'));
    const kept = newStorageKey();
    const later = newStorageKey();
    const keptBytes = randomBytes(5000);

    const connection = await connectPglite({ dataDir: pgliteFolder(dataDir) });
    await files.put(kept, keptBytes);
    const written = await backupBetweenWrites(config, connection.db, 'Backed Org');
    await files.put(later, randomBytes(100));
    await connection.close();

    const { seconds } = await restoreBackup(config, path.join(config.backupDir, written.backup.name));
    console.log(
      `Restore test (embedded): backup ${formatFileSize(written.backup.bytes)} in ${written.backup.seconds.toFixed(2)} s, restored in ${seconds.toFixed(2)} s`,
    );
    expect((await buffer(await files.get(kept))).equals(keptBytes)).toBe(true);
    await expect(files.get(later)).rejects.toMatchObject({ code: 'not_found' });

    const server = await startServer({
      ...config,
      production: true,
      nodeEnv: 'production',
      port: 0,
      backupDaily: false,
    });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expectBackedUpState(await writtenNames(server.connection.db, 'Backed Org'), written);
    } finally {
      await server.close();
    }
  });

  it('keeps the newest daily backups up to BACKUP_KEEP and never removes one made by hand', {
    timeout: 400_000,
  }, async () => {
    const dataDir = await migratedDataFolder('curlew-backup-keep-');
    cleanup.push(dataDir);
    const config = testConfig({ dataDir, backupDir: path.join(dataDir, 'backups'), backupKeep: 2 });
    const connection = await connectPglite({ dataDir: pgliteFolder(dataDir) });
    try {
      const made: string[] = [];
      for (const [day, daily] of [
        [1, true],
        [2, false],
        [3, true],
        [4, true],
      ] as const) {
        made.push(
          (await makeBackup(config, connection.db, { daily, now: new Date(Date.UTC(2026, 10, day)) })).name,
        );
      }
      expect(await pruneDailyBackups(config)).toEqual([made[0]]);
      expect((await listBackups(config)).map((backup) => backup.name)).toEqual([made[3], made[2], made[1]]);
      expect(existsSync(path.join(config.backupDir, made[0] ?? ''))).toBe(false);
    } finally {
      await connection.close();
    }
  });
});

if (testDrivers().includes('postgres')) {
  describe('backup and restore on PostgreSQL (pg_dump custom format)', () => {
    it('restores exactly the backed-up state with the files table, and the server starts on it', {
      timeout: 400_000,
    }, async () => {
      const database = await openTestDatabase('postgres');
      const url = database.url ?? '';
      const backupDir = mkdtempSync(path.join(tmpdir(), 'curlew-pg-backups-'));
      cleanup.push(backupDir);
      const config = testConfig({ databaseUrl: url, backupDir });
      try {
        const files = databaseFileStorage(database.db);
        const kept = newStorageKey();
        const keptBytes = randomBytes(300_000);
        await files.put(kept, keptBytes);
        const written = await backupBetweenWrites(config, database.db, 'Backed Org');
        const later = newStorageKey();
        await files.put(later, randomBytes(100));
        const { seconds } = await restoreBackup(config, path.join(backupDir, written.backup.name));
        console.log(
          `Restore test (PostgreSQL): backup ${formatFileSize(written.backup.bytes)} in ${written.backup.seconds.toFixed(2)} s, restored in ${seconds.toFixed(2)} s`,
        );
        const after = await connectPostgres(url, { max: 1 });
        try {
          const restoredFiles = databaseFileStorage(after.db);
          expect((await buffer(await restoredFiles.get(kept))).equals(keptBytes)).toBe(true);
          await expect(restoredFiles.get(later)).rejects.toMatchObject({ code: 'not_found' });
        } finally {
          await after.close();
        }
        const server = await startServer({
          ...config,
          production: true,
          nodeEnv: 'production',
          port: 0,
          backupDaily: false,
        });
        try {
          expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
          expectBackedUpState(await writtenNames(server.connection.db, 'Backed Org'), written);
        } finally {
          await server.close();
        }
      } finally {
        await database.close();
      }
    });
  });
}
