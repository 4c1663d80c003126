import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ACCESS, type RouteDescription } from '../read/describe.ts';
import type { RegisteredRoute } from './catalogue.ts';
import { buildOpenApiDocument, type DocumentInfo } from './document.ts';

const swaggerUiFolder = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reference page's assets, served from the installed swagger-ui-dist: nothing is fetched from elsewhere. */
const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

/** Starts the reference page on this server's own description; no validator badge (it would call a web service). */
const DOCS_START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
  });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Curlew API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** The descriptions of the routes this file serves. */
export const OPENAPI_ROUTE_DESCRIPTIONS: readonly RouteDescription[] = [
  {
    method: 'GET',
    url: '/api/openapi.json',
    summary: 'This description: every API route, its parameters, bodies, answers and who may call it',
    access: PUBLIC_ACCESS,
    answerType: 'OpenAPI 3.1 document',
    produces: ['application/json'],
  },
  {
    method: 'GET',
    url: '/api/docs',
    summary: 'A readable reference page of this description',
    access: PUBLIC_ACCESS,
    answerType: 'HTML page',
    produces: ['text/html'],
  },
  {
    method: 'GET',
    url: '/api/docs/:asset',
    summary: "The reference page's script and style sheet",
    access: PUBLIC_ACCESS,
    answerType: 'file',
    produces: ['text/css', 'text/javascript'],
  },
];

/**
 * Serves the API description (`GET /api/openapi.json`, built once on first request from every route registered and
 * every description) and its reference page (`GET /api/docs`, swagger-ui served from this server).
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  info: () => DocumentInfo,
  routes: readonly RegisteredRoute[],
  descriptions: () => readonly RouteDescription[],
): void {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(info(), routes, descriptions()));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );
  const assets = new Map<string, { body: Buffer | string; type: string }>(
    Object.entries(DOCS_ASSETS).map(([name, type]) => [
      name,
      { body: readFileSync(path.join(swaggerUiFolder, name)), type },
    ]),
  );
  assets.set('start.js', { body: DOCS_START, type: 'text/javascript; charset=utf-8' });
  app.get<{ Params: { asset: string } }>('/api/docs/:asset', async (request, reply) => {
    const asset = assets.get(request.params.asset);
    if (asset === undefined) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });
}
