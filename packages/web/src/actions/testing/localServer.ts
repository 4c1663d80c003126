import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request the local test server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** True when the client went away before the answer was sent (a cancelled request). */
  cancelled: boolean;
}

/** What a route answers: a status (200 by default) and a JSON body. */
export interface Answer {
  status?: number;
  body?: unknown;
  /** Milliseconds to wait before answering (to exercise cancellation). */
  delayMs?: number;
}

/** Routes keyed by 'METHOD /path?query'. */
export type Routes = Record<string, Answer | ((request: ReceivedRequest) => Answer)>;

/** A real HTTP server on 127.0.0.1 answering fixed JSON per route and recording every request. */
export interface LocalServer {
  origin: string;
  received: ReceivedRequest[];
  routes: Routes;
  close: () => Promise<void>;
}

/** Starts the server on a free port; unknown routes answer 404 with `{ error: 'not_found' }`. */
export const startLocalServer = async (routes: Routes = {}): Promise<LocalServer> => {
  const received: ReceivedRequest[] = [];
  const state = { routes };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ReceivedRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        cancelled: false,
      };
      response.on('close', () => {
        if (!response.writableFinished) entry.cancelled = true;
      });
      received.push(entry);
      const route = state.routes[`${entry.method} ${entry.path}`];
      const answer =
        typeof route === 'function' ? route(entry) : (route ?? { status: 404, body: { error: 'not_found' } });
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    get routes() {
      return state.routes;
    },
    set routes(next: Routes) {
      state.routes = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
