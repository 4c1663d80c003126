import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Shortest answer time of the routes that must not tell whether an account exists (sign-up, password reset,
 * resending a confirmation code): well above what their work takes, so both paths answer in the same time.
 */
export const MIN_ANSWER_MS = { signUp: 400, reset: 150 } as const;

/** Runs `work` and answers no sooner than `minimumMs` after the start, whichever path `work` took. */
export async function withMinimumDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await work();
  } finally {
    const remaining = minimumMs - (performance.now() - startedAt);
    if (remaining > 0) await sleep(remaining);
  }
}
