import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/** Raised when another live process already holds the data folder. */
export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

/** A held lock on a data folder; release it on shutdown. */
export interface DataFolderLock {
  /** `curlew.lock` in the data folder: names the holding process (and is the lock's socket outside Linux). */
  file: string;
  release(): Promise<void>;
}

/** Name of the lock file in the data folder. */
export const LOCK_FILE_NAME = 'curlew.lock';

/**
 * Where the lock listens. On Linux an abstract socket named from the folder's real path: it has no file, and
 * the kernel frees the name the moment its holder dies (even while the dead process is a zombie). Elsewhere the
 * lock file itself is a Unix socket, which a live holder answers on.
 */
const lockAddress = (folder: string, file: string): string =>
  process.platform === 'linux'
    ? `\0curlew-data-${createHash('sha256').update(realpathSync(folder)).digest('hex').slice(0, 40)}`
    : file;

const listen = (server: Server, address: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** What the holder says when asked (its process id), or undefined when nobody answers. */
const askHolder = (address: string): Promise<string | undefined> =>
  new Promise((resolve) => {
    let answer = '';
    const socket = connect(address);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer.trim() || 'unknown'));
    socket.on('close', () => resolve(answer.trim() || undefined));
    socket.on('error', () => resolve(undefined));
  });

const lockedError = (folder: string, holder: string): DataFolderLockedError =>
  new DataFolderLockedError(
    `The data folder ${folder} is already in use by another Curlew process (pid ${holder}). ` +
      'Stop that process first, or point DATA_DIR at another folder.',
  );

/**
 * Takes the data folder for this process (creating it, readable by its owner only). Two processes on one PGlite
 * folder silently lose writes, so a second one (or a second call in this process) refuses with a clear message.
 * The lock is a listening Unix socket, which the operating system releases when its holder ends in any way,
 * so a restart after a crash or `kill -9` always succeeds.
 */
export async function acquireDataFolderLock(dataDir: string): Promise<DataFolderLock> {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, LOCK_FILE_NAME);
  const address = lockAddress(folder, file);
  const server = createServer((socket) => {
    socket.end(`${process.pid}\n`);
  });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await listen(server, address);
      // The process keeps running for its own reasons; the lock must not keep it alive.
      server.unref();
      if (address !== file) writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
      return {
        file,
        async release() {
          await new Promise<void>((resolve) => server.close(() => resolve()));
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await askHolder(address);
      if (holder !== undefined) throw lockedError(folder, holder);
      // A socket file nobody answers on was left by a process that died: remove it and try once more.
      if (address === file) rmSync(file, { force: true });
    }
  }
  throw lockedError(folder, 'unknown');
}
