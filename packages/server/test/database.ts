import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  connectPglite,
  connectPostgres,
  type DatabaseConnection,
  MIGRATIONS_FOLDER,
} from '../src/platform/db/connect.ts';

/** The databases the server's tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export type TestDriver = 'pglite' | 'postgres';

/** Drivers to run each suite on. */
export const testDrivers = (): TestDriver[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const filesUnder = (folder: string): string[] =>
  readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const full = path.join(folder, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });

const migrationsHash = (): string => {
  const hash = createHash('sha256');
  // The dump format belongs to the PGlite release, so its package.json is part of the key.
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(readFileSync(path.resolve(path.dirname(pgliteEntry), '..', 'package.json')));
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
};

let snapshot: Blob | undefined;

const SNAPSHOT_PREFIX = 'curlew-test-pglite-';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes snapshots of other migration sets (~5 MB each) not written for a day: they are left over from
 * older migrations, and a checkout that still wants one makes it again.
 */
function removeStaleSnapshots(): void {
  const folder = tmpdir();
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(SNAPSHOT_PREFIX)) continue;
    const full = path.join(folder, name);
    try {
      if (Date.now() - statSync(full).mtimeMs > DAY_MS) rmSync(full, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/**
 * The path of a tarball of a migrated, empty PGlite data folder. Creating PGlite costs seconds, so the first
 * test file creates and migrates one and saves it under the OS temp folder, keyed by the migrations.
 */
export async function migratedSnapshotFile(): Promise<string> {
  const file = path.join(tmpdir(), `${SNAPSHOT_PREFIX}${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return file;
  removeStaleSnapshots();
  const fresh = await connectPglite();
  await fresh.migrate();
  const dump = await fresh.client.dumpDataDir('gzip');
  await fresh.close();
  // Write then rename, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

const migratedSnapshot = async (): Promise<Blob> => {
  snapshot ??= new Blob([readFileSync(await migratedSnapshotFile())]);
  return snapshot;
};

/** A test database; `url` is set for PostgreSQL. */
type TestDatabase = DatabaseConnection & { url?: string };

/** A fresh database for one test suite (migrated unless asked not to); closing it discards it. */
export async function openTestDatabase(
  driver: TestDriver,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (driver === 'pglite') {
    return options.migrate === false
      ? connectPglite()
      : connectPglite({ loadDataDir: await migratedSnapshot() });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `curlew_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await connectPostgres(url.toString(), { max: 4 });
  if (options.migrate !== false) await connection.migrate();
  return {
    ...connection,
    url: url.toString(),
    async close() {
      await connection.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
