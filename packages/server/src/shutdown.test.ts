import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataFolder, startServing, waitUntil } from '../test/processes.ts';

/** A login request whose body is sent in two halves, so it stays in flight between them. */
function halfSentLogin(baseUrl: string, password: string) {
  const body = JSON.stringify({ username: 'supplier', password });
  const url = new URL('/api/auth/login', baseUrl);
  let finish = () => {};
  const answered = new Promise<{ status: number } | { error: string }>((resolve) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    sent.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    sent.write(body.slice(0, 10));
    finish = () => sent.end(body.slice(10));
  });
  return { answered, finish: () => finish() };
}

describe('graceful shutdown of a server process', () => {
  it('on SIGTERM stops taking requests, finishes those in flight, cuts those left after the grace, frees the data folder', async () => {
    const dataDir = await migratedDataFolder('curlew-shutdown-');
    const server = await startServing({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '8' });
    const password = 'process-test-demo-2026';
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const finished = halfSentLogin(server.url, password);
    const abandoned = halfSentLogin(server.url, password);
    // Both are in flight once the server has read their first bytes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGTERM');
    await waitUntil(() => server.output.stdout.includes('SIGTERM received, shutting down'), 30_000);
    // No new connections are taken.
    const refused = await fetch(`${server.url}/api/health`).then(
      (response) => `answered ${response.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(refused).toBe('ECONNREFUSED');
    finished.finish();
    expect(await finished.answered).toEqual({ status: 200 });
    // The other never sends the rest: cut at the end of the grace, and the process still ends cleanly.
    expect(await server.exited).toBe(0);
    expect(await abandoned.answered).toEqual({ error: 'ECONNRESET' });
    expect(server.output.stdout).toContain('Stopped (requests still in flight were cut)');
    expect(existsSync(path.join(dataDir, 'curlew.lock'))).toBe(false);
  }, 240_000);
});
