import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
