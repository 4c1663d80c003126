import type { FastifyInstance } from 'fastify';
import { MODULE_ROUTE_DESCRIPTIONS } from './modules/described-routes.ts';
import { MODULES } from './modules/index.ts';
import { type BuildAppOptions, createApp } from './platform/app.ts';

export type { BuildAppOptions } from './platform/app.ts';

/** Builds the Fastify application of every module (not listening). */
export function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return createApp({ ...options, modules: MODULES, routeDescriptions: MODULE_ROUTE_DESCRIPTIONS });
}
