import { createHash, timingSafeEqual } from 'node:crypto';
import { MAIL_STATUSES } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, type PoolUse, queryRows } from './db/connect.ts';
import { AppError } from './errors.ts';

/** Request durations are bucketed from 5 ms to 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The loopback addresses a connection comes from when it is made on this machine. */
const isLoopback = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether a request may read the metrics: made on this machine straight to the server (a loopback connection
 * with no proxy's forwarding header, since a proxy on this machine also connects from loopback), or carrying
 * `Authorization: Bearer <METRICS_TOKEN>` when a token is configured.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization?.startsWith('Bearer ')) {
    return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(token));
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

/** The metrics of one application: its own registry, so several apps in one process never share counts. */
export interface AppMetrics {
  registry: Registry;
}

/**
 * Prometheus metrics at `GET /metrics`: request durations per route, the mail outbox by status, the database
 * pool's use, and the process's own (memory, CPU, event loop); modules add theirs to `registry` (solver tasks).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Database; token: string | undefined; poolUse: (() => PoolUse) | undefined },
): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'curlew_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (never the address itself, which would make a series per record).
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'curlew_mail_outbox',
    help: 'E-mails in the outbox by status (Pending and Sending wait; Failed were given up)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ status: string; total: string | number }>(
        options.db,
        sql`select status, count(*) as total from mail_outbox group by status`,
      );
      for (const status of MAIL_STATUSES) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.total));
    },
  });

  const { poolUse } = options;
  if (poolUse) {
    new Gauge({
      name: 'curlew_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, options.token)) {
      throw new AppError(
        'forbidden',
        'Metrics are answered on this machine only, or with the metrics token (METRICS_TOKEN).',
      );
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return { registry };
}
