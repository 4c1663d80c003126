import { validate } from '@readme/openapi-parser';
import { expect, it, vi } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { openApiPath } from './document.ts';

// Building the description reads every module; a loaded machine needs more than the default hook time.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

describeWithApp('the API description', (t) => {
  const documentOf = async () => {
    const response = await requestJson(t.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { summary: string; 'x-undescribed'?: boolean; security: unknown[] }>
      >;
    };
  };

  it('lists every registered API route, each described', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter(
      (route) => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined,
    );
    expect(missing).toEqual([]);
    const undescribed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-undescribed'] === true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
    // Nothing in the document that the app does not serve.
    const served = new Set(
      apiRoutes.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await documentOf();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('says who may call each route', async () => {
    const { paths } = await documentOf();
    expect(paths['/api/health']?.get?.security).toEqual([]);
    expect(paths['/api/public/registry']?.get?.security).toEqual([]);
    expect(paths['/api/public/opportunity-statements']?.get?.security).toEqual([]);
    expect(paths['/api/projects']?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(paths['/api/project/{id}/action/{actionId}']?.post).toBeDefined();
  });

  it('serves a reference page whose assets come from this server', async () => {
    const page = await requestJson(t.app, 'GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBe(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await requestJson(t.app, 'GET', source);
      expect(asset.statusCode, source).toBe(200);
    }
    expect((await requestJson(t.app, 'GET', '/api/docs/start.js')).body).toContain(
      "url: '/api/openapi.json'",
    );
    expect((await requestJson(t.app, 'GET', '/api/docs/nothing.js')).statusCode).toBe(404);
  });
});
