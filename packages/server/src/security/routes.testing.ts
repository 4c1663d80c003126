import type { FastifyInstance } from 'fastify';

/** One route of the app: a method and a path pattern (`/api/organisation/:id`). */
export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/**
 * Every route the app registered, read from `printRoutes` (a tree whose children append to their parent's
 * path), HEAD left out (Fastify adds it to every GET). Security tests are generated from this list, so a new
 * route is covered without anyone remembering to add it.
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${prefixes[depth - 1] ?? ''}${match[2] ?? ''}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (METHODS.has(method)) routes.push({ method: method as AppRoute['method'], path });
    }
  }
  return routes;
}

/** A route's path with each `:param` replaced by the value `valueFor` gives for it. */
export const fillPath = (path: string, valueFor: (param: string) => string): string =>
  path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(valueFor(param)));
