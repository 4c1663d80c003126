import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** True when `dir` holds a built web app. */
export const hasWebBuild = (dir: string): boolean => existsSync(path.join(dir, 'index.html'));

/** Pages that a page load answers with their own, lighter entry of the web app rather than index.html. */
const OWN_ENTRIES = { '/login': 'login.html' } as const;

/**
 * Serves the built web app; the SPA fallback for other GET paths lives in the not-found handler. A page load of
 * /login gets the sign-in page's own entry (without the signed-in app's code) when the build has one.
 */
export async function registerWebApp(app: FastifyInstance, dir: string): Promise<void> {
  for (const [url, file] of Object.entries(OWN_ENTRIES)) {
    if (!existsSync(path.join(dir, file))) continue;
    app.get(url, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
  }
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
