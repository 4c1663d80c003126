import { parentPort } from 'node:worker_threads';
import type { ClearMessage } from './clear.thread.ts';

/** A clearing thread that reports progress and never answers, as an engine ignoring its time limit would. */
const port = parentPort;
if (port) {
  const post = (message: ClearMessage) => port.postMessage(message);
  let best = 0;
  setInterval(() => {
    best += 100;
    post({ type: 'progress', best, bound: 10_000, gap: (10_000 - best) / 10_000 });
  }, 50);
}
