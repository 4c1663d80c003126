import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratedSnapshotFile } from './database.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The demo accounts' password in process tests. */
const PROCESS_DEMO_PASSWORD = 'process-test-demo-2026';

/** A server process started as `npm start` starts it (`src/main.ts`), with what it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  state: { finished: boolean };
}

/** Starts `src/main.ts` as a real process with the given environment (development, demo data, any free port). */
export function startMain(environment: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      CURLEW_DEMO_PASSWORD: PROCESS_DEMO_PASSWORD,
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const state = { finished: false };
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      state.finished = true;
      resolve(code);
    }),
  );
  return { child, output, exited, state };
}

/** Waits until `condition` holds, checking every 100 ms; throws after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a server process and waits until it serves: answers its base URL. */
export async function startServing(
  environment: Record<string, string>,
): Promise<ServerProcess & { url: string }> {
  const server = startMain(environment);
  const pattern = /Curlew is running at (http:\/\/localhost:\d+)/;
  await waitUntil(() => pattern.test(server.output.stdout) || server.state.finished, 120_000);
  const url = server.output.stdout.match(pattern)?.[1];
  if (!url) throw new Error(`The server did not start:\n${server.output.stderr}`);
  return { ...server, url };
}

/** Stops a server process with SIGTERM and answers its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (!server.state.finished) server.child.kill('SIGTERM');
  return server.exited;
}

/** A data folder whose PGlite database is already migrated (a new one costs seconds of initdb). */
export async function migratedDataFolder(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dataDir, 'pglite'));
  execFileSync('tar', ['xzf', await migratedSnapshotFile(), '-C', path.join(dataDir, 'pglite')]);
  return dataDir;
}

/** A signed-in HTTP client of a running server: JSON calls with the session cookie. */
export interface HttpClient {
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

const postLogin = (baseUrl: string, username: string, password: string): Promise<Response> =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

/** One sign-in attempt on `baseUrl` (the demo password unless another is given): its status, Retry-After and body. */
export async function tryPasswordOver(
  baseUrl: string,
  username: string,
  password = PROCESS_DEMO_PASSWORD,
): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const response = await postLogin(baseUrl, username, password);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

/** Signs in on `baseUrl` as a demo account; the session lives in the database, so it serves every process. */
export async function signInOver(
  baseUrl: string,
  username: string,
): Promise<HttpClient & { cookie: string }> {
  const login = await postLogin(baseUrl, username, PROCESS_DEMO_PASSWORD);
  if (login.status !== 200) throw new Error(`Signing in as ${username} answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, call: (method, url, body) => callWith(cookie, method, url, body) };
}

/** One JSON call with a session cookie: answers the status and the parsed body. */
export async function callWith(
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A file sent with an action submission: its name, MIME type and bytes. */
interface UploadedFile {
  name: string;
  type: string;
  content: Uint8Array;
}

/** Submits an action as the browser does with files: a multipart body of the `submission` JSON and one part per file. */
export async function uploadOver(
  cookie: string,
  url: string,
  values: Record<string, unknown>,
  files: Record<string, UploadedFile>,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('submission', JSON.stringify(values));
  for (const [fieldId, file] of Object.entries(files)) {
    form.append(fieldId, new Blob([file.content], { type: file.type }), file.name);
  }
  const response = await fetch(url, { method: 'POST', headers: { cookie }, body: form });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
