import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ClearingResult, Instance } from '@curlew/matching';

/** What a clearing thread is given. */
export interface ClearTaskInput {
  instance: Instance;
  timeLimitSeconds: number;
}

/** What a clearing thread posts: live figures, then its answer or why it has none. */
export type ClearMessage =
  | { type: 'progress'; best: number; bound: number; gap: number }
  | { type: 'result'; result: ClearingResult }
  | { type: 'error'; message: string };

/** The clearing thread's module: the engine in a worker thread (its own file in the build, `npm run build`). */
export const CLEAR_WORKER = new URL(import.meta.url).pathname.endsWith('.ts')
  ? new URL('./clear.worker.ts', import.meta.url)
  : new URL('./clear.worker.js', import.meta.url);

/**
 * Starts a worker thread running the module `entry` with `input` as its worker data: a TypeScript module through
 * tsx's module API (as the engine's own solver threads do), a compiled one directly. Terminating it also ends
 * the solver threads it started.
 */
export function startClearThread(entry: URL, input: ClearTaskInput): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: input });
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  );
  const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then((api) => api.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}
