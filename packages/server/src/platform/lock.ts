import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process already holds the data folder. */
export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

/** A held lock on a data folder; release it on shutdown. */
export interface DataFolderLock {
  file: string;
  release(): void;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Takes the lock file `curlew.lock` in `dataDir` for this process. Two processes on one PGlite folder
 * silently lose writes, so a second one (or a second call in this process) refuses with a clear message;
 * a lock left by a dead process is taken over.
 */
export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'curlew.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = openSync(file, 'wx');
      writeSync(handle, `${process.pid}\n`);
      closeSync(handle);
      return {
        file,
        release() {
          if (readPid(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== undefined && isAlive(holder)) {
        throw new DataFolderLockedError(
          `The data folder ${folder} is already in use by another Curlew process (pid ${holder}). ` +
            'Stop that process first, or point DATA_DIR at another folder.',
        );
      }
      // The holder is gone: remove its stale lock and try again.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new DataFolderLockedError(`Could not take the lock file ${file}; another process keeps creating it.`);
}
