import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { DemoRoundsLastSequencer } from './e2e/src/sequencer.ts';

/** One Vitest run, one project per workspace; `npm run test:unit` and `npm run test:e2e` pick projects. */
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine; most server tests wait on a
    // database or a child process, so one more worker than cores keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    // The e2e files share one server and its demo data: those that close a demo round run last.
    sequence: { sequencer: DemoRoundsLastSequencer },
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'matching', root: 'packages/matching', environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          // Test files share a worker's loaded modules (each builds its own app and database): importing the server
          // once per worker instead of once per file takes about a third off the server's run.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['./test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'packages/web',
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
          // As long as the Testing Library's waits (test/setup.ts): a busy machine renders slowly.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['./src/global-setup.ts'],
        },
      },
    ],
  },
});
