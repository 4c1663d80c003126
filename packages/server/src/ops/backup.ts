import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import tar from 'tar-stream';
import type { Database } from '../platform/db/connect.ts';

/** What a backup needs of the configuration. */
export interface BackupConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  backupDir: string;
  backupKeep: number;
}

/** A backup file in the backup folder. */
export interface BackupInfo {
  /** Its file name (no folder): `curlew-{UTC date and time}.tar` (embedded database) or `.pgdump` (PostgreSQL). */
  name: string;
  bytes: number;
  createdAt: Date;
}

/** The names of backup files: only these are listed, served, restored and pruned. */
export const BACKUP_NAME = /^curlew-\d{8}-\d{9}(-daily)?\.(tar|pgdump)$/;

/** The folder of the embedded database's files and its uploaded files inside the data folder. */
const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'pglite');
const filesDir = (dataDir: string) => path.resolve(dataDir, 'files');

const MANIFEST = 'curlew-backup.json';
const DATABASE_ENTRY = 'pglite.tar.gz';

const stamp = (at: Date): string => at.toISOString().replace(/[-:T]/g, '').replace('.', '').replace('Z', '');

/** A backup's file name made at `at` (UTC), e.g. `curlew-20261127-225900123.tar`. */
export const backupName = (at: Date, driver: 'pglite' | 'postgres', daily = false): string => {
  const digits = stamp(at);
  return `curlew-${digits.slice(0, 8)}-${digits.slice(8)}${daily ? '-daily' : ''}.${driver === 'pglite' ? 'tar' : 'pgdump'}`;
};

/** The PGlite instance behind a Drizzle handle on the embedded database, else undefined (PostgreSQL). */
export function pgliteOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Runs a program and resolves when it exits 0; rejects with its error output otherwise. */
function run(program: string, args: string[], environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: environment });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${program} could not start: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} failed (${code}): ${errors.trim().slice(0, 2000)}`)),
    );
  });
}

/** Every file under a folder, as paths relative to it (none when the folder does not exist). */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Adds one entry to a tar pack and waits until it is written. */
function addEntry(
  pack: tar.Pack,
  header: Partial<tar.Header> & { name: string },
  content: Buffer | NodeJS.ReadableStream,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (Buffer.isBuffer(content)) {
      pack.entry(header as tar.Header, content, (error) => (error ? reject(error) : resolve()));
      return;
    }
    const entry = pack.entry(header as tar.Header, (error) => (error ? reject(error) : resolve()));
    pipeline(content, entry).catch(reject);
  });
}

/**
 * A consistent copy of the embedded database and its files as one tar: the database dumped between queries, then
 * the files; a file's bytes are stored before its row
 * commits, so every file the dump names is there.
 */
async function writePgliteBackup(client: PGlite, dataDir: string, target: string): Promise<void> {
  await client.exec('CHECKPOINT');
  // No query runs while PGlite dumps; a transaction left open between its queries is rolled back when the copy
  // starts, as after a crash, so the copy holds exactly the committed writes.
  const dump = await client.dumpDataDir('gzip');
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(target, { mode: 0o600 }));
  const manifest = { format: 1, database: 'pglite', createdAt: new Date().toISOString() };
  await addEntry(pack, { name: MANIFEST }, Buffer.from(JSON.stringify(manifest)));
  await addEntry(pack, { name: DATABASE_ENTRY }, Buffer.from(await dump.arrayBuffer()));
  const folder = filesDir(dataDir);
  for (const relative of await filesUnder(folder)) {
    const full = path.join(folder, relative);
    const { size } = await stat(full);
    await addEntry(
      pack,
      { name: `files/${relative.split(path.sep).join('/')}`, size },
      createReadStream(full),
    );
  }
  pack.finalize();
  await written;
}

/**
 * Makes a backup into the backup folder and answers it: PGlite's data folder dumped consistently plus the files
 * (`.tar`), or `pg_dump -Fc` of PostgreSQL (`.pgdump`, the files' bytes are in its `file_chunks` table).
 */
export async function makeBackup(
  config: BackupConfig,
  db: Database,
  options: { daily?: boolean; now?: Date } = {},
): Promise<BackupInfo & { seconds: number }> {
  const started = performance.now();
  await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
  const client = pgliteOf(db);
  const name = backupName(options.now ?? new Date(), client ? 'pglite' : 'postgres', options.daily);
  const target = path.join(config.backupDir, name);
  const partial = `${target}.partial`;
  try {
    if (client) await writePgliteBackup(client, config.dataDir, partial);
    else {
      if (!config.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL');
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', partial, config.databaseUrl]);
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const info = await statBackup(config.backupDir, name);
  return { ...info, seconds: (performance.now() - started) / 1000 };
}

async function statBackup(folder: string, name: string): Promise<BackupInfo> {
  const stats = await stat(path.join(folder, name));
  return { name, bytes: stats.size, createdAt: stats.mtime };
}

/** The backups in the backup folder, newest first. */
export async function listBackups(config: Pick<BackupConfig, 'backupDir'>): Promise<BackupInfo[]> {
  let names: string[];
  try {
    names = await readdir(config.backupDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups = await Promise.all(
    names.filter((name) => BACKUP_NAME.test(name)).map((name) => statBackup(config.backupDir, name)),
  );
  return backups.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Removes the oldest daily backups beyond `backupKeep`; backups made by hand are never removed. */
export async function pruneDailyBackups(
  config: Pick<BackupConfig, 'backupDir' | 'backupKeep'>,
): Promise<string[]> {
  const daily = (await listBackups(config)).filter((backup) => backup.name.includes('-daily.'));
  const removed = daily.slice(config.backupKeep).map((backup) => backup.name);
  for (const name of removed) await rm(path.join(config.backupDir, name), { force: true });
  return removed;
}

/** The path of a backup by its name; undefined for anything that is not a backup's name. */
export function backupPath(config: Pick<BackupConfig, 'backupDir'>, name: string): string | undefined {
  return BACKUP_NAME.test(name) ? path.join(config.backupDir, name) : undefined;
}

/** Restores an embedded-database backup into a data folder no process holds: its database and its files. */
async function restorePgliteBackup(file: string, dataDir: string): Promise<void> {
  const restoring = `${pgliteDir(dataDir)}.restoring`;
  const restoringFiles = `${filesDir(dataDir)}.restoring`;
  await rm(restoring, { recursive: true, force: true });
  await rm(restoringFiles, { recursive: true, force: true });
  await mkdir(restoringFiles, { recursive: true, mode: 0o700 });
  let database: Buffer | undefined;
  let manifest: { format?: number; database?: string } | undefined;
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), extract);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === MANIFEST) manifest = JSON.parse((await buffer(entry)).toString());
    else if (name === DATABASE_ENTRY) database = await buffer(entry);
    else if (name.startsWith('files/') && entry.header.type === 'file') {
      const relative = path.normalize(name.slice('files/'.length));
      if (relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error('A backup entry leaves its folder');
      const target = path.join(restoringFiles, relative);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
    } else entry.resume();
  }
  await read;
  if (manifest?.database !== 'pglite' || !database)
    throw new Error('This is not a backup of an embedded database');
  await mkdir(restoring, { recursive: true, mode: 0o700 });
  const restored = await PGlite.create(restoring, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([new Uint8Array(database)]),
  });
  await restored.query('select 1');
  await restored.close();
  // Swap folders last: until here the data folder is as it was.
  for (const [current, replacement] of [
    [pgliteDir(dataDir), restoring],
    [filesDir(dataDir), restoringFiles],
  ] as const) {
    await rm(`${current}.previous`, { recursive: true, force: true });
    await rename(current, `${current}.previous`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(replacement, current);
    await rm(`${current}.previous`, { recursive: true, force: true });
  }
}

/**
 * Restores a PostgreSQL backup: the database's schemas are dropped and the dump restored in their place, so the
 * database holds exactly the backed-up state (tables made after the backup included, gone).
 */
async function restorePostgresBackup(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--dbname',
    databaseUrl,
    file,
  ]);
}

/**
 * Restores a backup file into the configured database: a `.tar` into the data folder (the embedded database; no
 * process may hold it), a `.pgdump` into DATABASE_URL's database.
 */
export async function restoreBackup(config: BackupConfig, file: string): Promise<{ seconds: number }> {
  const started = performance.now();
  if (file.endsWith('.pgdump')) {
    if (!config.databaseUrl)
      throw new Error('A PostgreSQL backup (.pgdump) is restored into DATABASE_URL: set it');
    await restorePostgresBackup(file, config.databaseUrl);
  } else if (file.endsWith('.tar')) {
    if (config.databaseUrl)
      throw new Error('An embedded-database backup (.tar) is restored without DATABASE_URL');
    await restorePgliteBackup(file, config.dataDir);
  } else throw new Error('A backup ends in .tar (embedded database) or .pgdump (PostgreSQL)');
  return { seconds: (performance.now() - started) / 1000 };
}
