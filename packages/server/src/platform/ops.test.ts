import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson, testConfig } from '../../test/app.ts';
import { openTestDatabase, testDrivers } from '../../test/database.ts';
import { migratedDataFolder } from '../../test/processes.ts';
import { type RunningServer, startServer } from '../server.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describeWithApp('health, readiness and metrics of an app', (t) => {
  it('answers the health check without the database', async () => {
    const response = await requestJson(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('is not ready without its solver-task runner, and says which check fails', async () => {
    const response = await requestJson(t.app, 'GET', '/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      ready: false,
      database: 'ok',
      migrations: 'applied',
      workers: { solver: 'stopped' },
    });
  });

  it('reports pending migrations when the database is behind this build', async () => {
    t.app.ops.workers.set('solver', () => true);
    try {
      expect((await requestJson(t.app, 'GET', '/api/ready')).statusCode).toBe(200);
      const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
      );
      const behind = await requestJson(t.app, 'GET', '/api/ready');
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ ready: false, database: 'ok', migrations: 'pending' });
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
      expect((await requestJson(t.app, 'GET', '/api/ready')).statusCode).toBe(200);
    } finally {
      t.app.ops.workers.set('solver', () => false);
    }
  });

  it('serves Prometheus metrics to this machine: request durations per route and the mail outbox', async () => {
    await requestJson(t.app, 'GET', '/api/health');
    const response = await requestJson(t.app, 'GET', '/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    expect(body).toMatch(
      /curlew_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(body).toContain('curlew_mail_outbox{status="Pending"}');
    expect(body).toContain('curlew_mail_outbox{status="Failed"}');
    expect(body).toContain('process_cpu_seconds_total');
    // A route's pattern, never the address a request named.
    await requestJson(t.app, 'GET', '/api/organisations/00000000-0000-0000-0000-000000000000');
    const after = (await requestJson(t.app, 'GET', '/metrics')).body;
    expect(after).not.toContain('00000000-0000-0000-0000-000000000000');
  });

  it('refuses metrics to another machine and to a request a proxy forwarded', async () => {
    const remote = await requestJson(t.app, 'GET', '/metrics', undefined, { ip: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({
      error: 'forbidden',
      message: 'Metrics are answered on this machine only, or with the metrics token (METRICS_TOKEN).',
    });
    expect(remote.body).not.toContain('curlew_');
    const forwarded = await requestJson(t.app, 'GET', '/metrics', undefined, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(403);
    // No token configured: a bearer header opens nothing.
    const guessed = await requestJson(t.app, 'GET', '/metrics', undefined, {
      ip: '10.1.2.3',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(guessed.statusCode).toBe(403);
  });

  it('serves metrics to another machine with the configured token only', async () => {
    const app = await t.withConfig({ metricsToken: TOKEN });
    const right = await requestJson(app, 'GET', '/metrics', undefined, {
      ip: '10.1.2.3',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('curlew_http_request_duration_seconds');
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer wrong', TOKEN]) {
      const wrong = await requestJson(app, 'GET', '/metrics', undefined, {
        ip: '10.1.2.3',
        headers: { authorization },
      });
      expect(wrong.statusCode, authorization).toBe(403);
    }
  });
});

describe.each(testDrivers())('a started server: ready, with solver and pool metrics [%s]', (driver) => {
  let server: RunningServer;
  let closeDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (driver === 'postgres') {
      const scratch = await openTestDatabase('postgres');
      databaseUrl = scratch.url;
      closeDatabase = async () => {
        await scratch.close();
      };
    }
    const dataDir = await migratedDataFolder('curlew-ops-');
    server = await startServer(
      testConfig({
        dataDir,
        databaseUrl,
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        nodeEnv: 'production',
        production: true,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await closeDatabase?.();
  });

  it('is ready: database, migrations, solver runner', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ready: true,
      database: 'ok',
      migrations: 'applied',
      workers: { solver: 'running' },
    });
  });

  it('counts solver tasks by status and, on PostgreSQL, the pool connections', async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toContain('curlew_solver_tasks{status="Queued"} 0');
    expect(body).toContain('curlew_solver_tasks{status="Running"} 0');
    expect(body).toContain('# TYPE curlew_solver_task_duration_seconds histogram');
    if (driver === 'postgres') expect(body).toMatch(/curlew_db_pool_connections\{state="total"\} [1-9]/);
    else expect(body).not.toContain('curlew_db_pool_connections');
  });
});
