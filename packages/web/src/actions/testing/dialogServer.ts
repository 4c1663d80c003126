import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { clearOptionsCache } from '../optionsSource.ts';
import { type LocalServer, startLocalServer } from './localServer.ts';

/**
 * The local server of a dialog test file, started before its tests and closed after them; each test starts with no
 * request received and no cached options. Also loads the side panel up front (it is compiled on first use) and
 * gives forms with many fields time on a busy machine. Call once at the top of the file.
 */
export function dialogServer(): LocalServer {
  let started: LocalServer | undefined;
  const current = (): LocalServer => {
    if (started === undefined) throw new Error('The dialog server has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startLocalServer();
  });
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() => import('../ActionPanel.tsx'), 120_000);
  afterAll(() => started?.close());
  beforeEach(() => {
    current().received.length = 0;
    clearOptionsCache();
  });
  return {
    get origin() {
      return current().origin;
    },
    get received() {
      return current().received;
    },
    get routes() {
      return current().routes;
    },
    set routes(routes) {
      current().routes = routes;
    },
    close: () => current().close(),
  };
}
