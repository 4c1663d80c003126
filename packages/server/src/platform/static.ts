import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** True when `dir` holds a built web app. */
export const hasWebBuild = (dir: string): boolean => existsSync(path.join(dir, 'index.html'));

/** Pages that a page load answers with their own, lighter entry of the web app rather than index.html. */
const OWN_ENTRIES = { '/login': 'login.html' } as const;

/**
 * The content security policy's sources for the inline scripts of the built pages (`'sha256-…'`), so that the script
 * the build writes into each page's head (the colour scheme, applied before the first paint) runs and no other does.
 */
export function inlineScriptSources(dir: string): string[] {
  const sources = new Set<string>();
  for (const file of ['index.html', ...Object.values(OWN_ENTRIES)]) {
    const page = path.join(dir, file);
    if (!existsSync(page)) continue;
    for (const [, script = ''] of readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      sources.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  }
  return [...sources];
}

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

/**
 * Record pages whose record is the first thing the page asks the API for, with the API path of that record. A
 * page load of one names the record in index.html for the browser to fetch beside the page's code, rather than
 * once the code has run. Ids are UUIDs, so nothing else reaches the page.
 */
const RECORD_PRELOADS: readonly { page: RegExp; api: (id: string) => string }[] = [
  {
    page: /^\/projects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    api: (id) => `/api/project/${id}`,
  },
];

/** The API path index.html preloads for a page load of `url`, if it is a record page's. */
export function recordPreloadOf(url: string): string | undefined {
  const pathname = url.split('?')[0] ?? '';
  for (const { page, api } of RECORD_PRELOADS) {
    const id = page.exec(pathname)?.[1];
    if (id !== undefined) return api(id);
  }
  return undefined;
}

/**
 * Answers a page load of the app (any address but the API's) with index.html, naming the record the page will ask
 * for first when it is a record page's (see RECORD_PRELOADS).
 */
export async function sendAppPage(reply: FastifyReply, dir: string, url: string): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  const preload = recordPreloadOf(url);
  if (preload === undefined) return reply.sendFile('index.html');
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const link = `<link rel="preload" href="${preload}" as="fetch" crossorigin="use-credentials">`;
  return reply.type('text/html; charset=utf-8').send(html.replace('</head>', `${link}</head>`));
}
