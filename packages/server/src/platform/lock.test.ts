import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderLockedError } from './lock.ts';

const freshFolder = () => mkdtempSync(path.join(tmpdir(), 'curlew-lock-'));

describe('data folder lock', () => {
  it('refuses a second holder with a message naming the folder and the holding process', () => {
    const folder = freshFolder();
    const lock = acquireDataFolderLock(folder);
    try {
      expect(() => acquireDataFolderLock(folder)).toThrow(DataFolderLockedError);
      expect(() => acquireDataFolderLock(folder)).toThrow(
        `The data folder ${folder} is already in use by another Curlew process (pid ${process.pid})`,
      );
    } finally {
      lock.release();
    }
  });

  it('can be taken again once released', () => {
    const folder = freshFolder();
    acquireDataFolderLock(folder).release();
    expect(existsSync(path.join(folder, 'curlew.lock'))).toBe(false);
    const again = acquireDataFolderLock(folder);
    expect(readFileSync(again.file, 'utf8').trim()).toBe(String(process.pid));
    again.release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const folder = freshFolder();
    const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(path.join(folder, 'curlew.lock'), `${finished.stdout}\n`);
    const lock = acquireDataFolderLock(folder);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('creates the data folder when it does not exist yet', () => {
    const folder = path.join(freshFolder(), 'nested', 'data');
    const lock = acquireDataFolderLock(folder);
    expect(existsSync(lock.file)).toBe(true);
    lock.release();
  });
});
