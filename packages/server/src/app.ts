import type { FastifyInstance } from 'fastify';
import { MODULES } from './modules/index.ts';
import { type BuildAppOptions, createApp } from './platform/app.ts';

export type { BuildAppOptions } from './platform/app.ts';

/** Builds the Fastify application of every module (not listening). */
export function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return createApp({ ...options, modules: MODULES });
}
