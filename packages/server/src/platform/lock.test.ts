import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderLockedError } from './lock.ts';

const freshFolder = () => mkdtempSync(path.join(tmpdir(), 'curlew-lock-'));
const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));

/** Node code that takes the lock on `folder`, says 'held' and then waits to be killed. */
const holderScript = (folder: string) =>
  `const { acquireDataFolderLock } = await import(${JSON.stringify(lockModule)});
   await acquireDataFolderLock(${JSON.stringify(folder)});
   process.stdout.write('held\\n');
   setInterval(() => {}, 60_000);`;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts a process (through `sh` when `command` is a shell line) and waits for `marker` on its stdout. */
const startAndWaitFor = (args: string[], marker: RegExp): Promise<{ child: ChildProcess; output: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(args[0] ?? 'false', args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (marker.test(output)) resolve({ child, output });
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code} before holding: ${output}`)));
  });

const holderArgs = (folder: string) => [
  process.execPath,
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  holderScript(folder),
];

const processState = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  } catch {
    return undefined;
  }
};

describe('data folder lock', () => {
  it('refuses a second holder with a message naming the folder and the holding process', async () => {
    const folder = freshFolder();
    const lock = await acquireDataFolderLock(folder);
    try {
      const second = acquireDataFolderLock(folder);
      await expect(second).rejects.toThrow(DataFolderLockedError);
      await expect(acquireDataFolderLock(folder)).rejects.toThrow(
        `The data folder ${folder} is already in use by another Curlew process (pid ${process.pid})`,
      );
    } finally {
      await lock.release();
    }
  });

  it('can be taken again once released; the lock file names the holder meanwhile', async () => {
    const folder = freshFolder();
    await (await acquireDataFolderLock(folder)).release();
    expect(existsSync(path.join(folder, 'curlew.lock'))).toBe(false);
    const again = await acquireDataFolderLock(folder);
    expect(readFileSync(again.file, 'utf8').trim()).toBe(String(process.pid));
    await again.release();
  });

  it('refuses a second process while the holder lives', async () => {
    const folder = freshFolder();
    const { child } = await startAndWaitFor(holderArgs(folder), /held/);
    await expect(acquireDataFolderLock(folder)).rejects.toThrow(
      `already in use by another Curlew process (pid ${child.pid})`,
    );
  }, 30_000);

  it('is free at once after its holder is killed with SIGKILL, even while the dead holder is a zombie', async () => {
    const folder = freshFolder();
    // `exec sleep` replaces the shell, so nobody reaps the killed holder: it stays a zombie.
    const shellLine = `${holderArgs(folder)
      .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
      .join(' ')} & echo "pid $!"; exec sleep 60`;
    const { output } = await startAndWaitFor(['sh', '-c', shellLine], /held/);
    const holderPid = Number(output.match(/pid (\d+)/)?.[1]);
    expect(holderPid).toBeGreaterThan(0);
    await expect(acquireDataFolderLock(folder)).rejects.toThrow(DataFolderLockedError);
    process.kill(holderPid, 'SIGKILL');
    await expect.poll(() => processState(holderPid), { timeout: 10_000 }).toBe('Z');
    const lock = await acquireDataFolderLock(folder);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    await lock.release();
  }, 30_000);

  it('creates the data folder, readable by its owner only, when it does not exist yet', async () => {
    const folder = path.join(freshFolder(), 'nested', 'data');
    const lock = await acquireDataFolderLock(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(lock.file).mode & 0o777).toBe(0o600);
    await lock.release();
  });
});
