import { parentPort, workerData } from 'node:worker_threads';
import { clearRound } from '@curlew/matching';
import type { ClearMessage, ClearTaskInput } from './clear.thread.ts';

/** A clearing thread: clears one instance with the engine and posts its progress and its answer. */
const port = parentPort;
if (port) {
  const input = workerData as ClearTaskInput;
  const post = (message: ClearMessage) => port.postMessage(message);
  clearRound(input.instance, {
    timeLimitSeconds: input.timeLimitSeconds,
    onProgress: (progress) =>
      post({ type: 'progress', best: progress.best, bound: progress.bound, gap: progress.gap }),
  }).then(
    (result) => post({ type: 'result', result }),
    (error: unknown) =>
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
}
