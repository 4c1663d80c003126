import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the web app's production build lands (`npm run build`). */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** True when `dir` holds a built web app. */
export const hasWebBuild = (dir: string): boolean => existsSync(path.join(dir, 'index.html'));

/** Serves the built web app; the SPA fallback for other GET paths lives in the not-found handler. */
export async function registerWebApp(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    index: ['index.html'],
    setHeaders(reply, filePath) {
      // Vite names assets by content hash, so they never change; index.html must always be fresh.
      const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      reply.header('cache-control', cacheControl);
    },
  });
}
