import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Group and world permission bits: none of them is set on anything in the data folder. */
const SHARED_BITS = 0o077;

/**
 * Makes files this process creates from now on readable by its owner only (umask 077), so the database files
 * PGlite adds as it runs are 0600. Worker threads cannot change the process's umask; their creator does.
 */
export function restrictNewFiles(): void {
  if (isMainThread) process.umask(0o077);
}

/**
 * Takes group and world permissions off everything in the data folder (files 0600, folders 0700): PGlite
 * unpacks its initial database with mode 0666 whatever the umask, and older versions left files open too.
 */
export function restrictDataFolder(folder: string): void {
  const restrict = (entry: string): void => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & SHARED_BITS) !== 0) chmodSync(entry, stats.isDirectory() ? 0o700 : 0o600);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) restrict(path.join(entry, name));
    }
  };
  restrict(path.resolve(folder));
}
