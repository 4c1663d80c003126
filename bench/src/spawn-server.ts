import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Repository root. */
export const repoRoot = join(import.meta.dirname, '../..');

/** A server process started for a benchmark, on its own throwaway data folder. */
export interface BenchServer {
  baseUrl: string;
  /** What the process printed before it listened. */
  printed: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `entry` (a TypeScript file run through tsx) with a fresh DATA_DIR and waits until it prints
 * a line `LISTENING <url>` or answers GET /api/health on the port it was given.
 * BENCH_START_SECONDS (default 90) sets how long it may take on a busy machine.
 */
export async function spawnServer(
  entry: string,
  env: Record<string, string> = {},
  startSeconds = Number(process.env.BENCH_START_SECONDS ?? 90),
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curlew-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} did not start within ${startSeconds} s`)),
      startSeconds * 1000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = buffered.match(/(?:LISTENING|running at) (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with code ${code} before listening`));
    });
  });
  child.stdout?.resume();
  return {
    baseUrl,
    printed: buffered,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
