import type { FastifyInstance } from 'fastify';

/** One route the application serves: its method and its path with Fastify's `:param` segments. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Methods documented: HEAD answers are Fastify's automatic twins of GET routes. */
const DOCUMENTED_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Records every route registered on the app from now on (Fastify's onRoute hook, inherited by every plugin registered
 * after it): the list the API description is checked against. Call before any route is registered.
 */
export function collectRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (DOCUMENTED_METHODS.has(method)) routes.push({ method, url: route.url });
    }
  });
  return routes;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the application registered (method and path), as the API description lists them. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
