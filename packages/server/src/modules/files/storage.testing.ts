import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isMissing } from './storage.ts';

/** The storage keys that hold bytes in the application's storage folder (`{dataDir}/files`), sorted. */
export function keysInStorage(config: { dataDir: string }): string[] {
  const root = path.resolve(config.dataDir, 'files');
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  // Every file counts, half-written ones included: only the prefix folders are left out.
  return entries
    .filter((entry) => entry.includes(path.sep))
    .map((entry) => path.basename(entry))
    .sort();
}
