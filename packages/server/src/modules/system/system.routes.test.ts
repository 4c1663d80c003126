import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestJson, type TestApp } from '../../../test/app.ts';
import { asRole, buildWorld, ROLES, type World } from '../../../test/world.ts';
import { users } from '../../auth/auth.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';

interface SystemAnswer {
  version: string;
  database: { ok: boolean; migrationsApplied: number; migrationsInBuild: number };
  sessionsInUse: number;
  backups: { items: { name: string; bytes: number }[]; restoreHere: boolean };
  resetAllowed: boolean;
}

describe('the System page calls (embedded database)', () => {
  let t: TestApp;
  let world: World;
  let production: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    world = await buildWorld(t.app, t.db);
    production = await t.withConfig({ production: true, nodeEnv: 'production' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers only a system administrator: 401 signed out, 403 for every other role', async () => {
    const expected: Record<(typeof ROLES)[number], number> = {
      sysadmin: 200,
      admin: 403,
      lpa: 403,
      participant: 403,
      agent: 403,
      anonymous: 401,
    };
    for (const role of ROLES) {
      for (const [method, url] of [
        ['GET', '/api/system'],
        ['GET', '/api/system/tasks'],
        ['POST', '/api/sysadmin/reset-database'],
        ['POST', '/api/system/backups'],
      ] as const) {
        const answer = await asRole(t.app, world, role, method, url, method === 'POST' ? {} : undefined);
        const status = role === 'sysadmin' && url === '/api/sysadmin/reset-database' ? 422 : expected[role];
        expect(answer.statusCode, `${role} ${url}`).toBe(status);
      }
    }
  });

  it('shows the database health, migration level, version and sessions in use', async () => {
    const answer = await asRole(t.app, world, 'sysadmin', 'GET', '/api/system');
    const body = answer.json<SystemAnswer>();
    expect(body.database.ok).toBe(true);
    expect(body.database.migrationsApplied).toBe(body.database.migrationsInBuild);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.sessionsInUse).toBe(6);
    expect(body.resetAllowed).toBe(true);
    expect(body.backups.restoreHere).toBe(false);
  });

  it('makes a backup, lists it and serves it; no name outside the backup folder is served', {
    timeout: 300_000,
  }, async () => {
    const made = await asRole(t.app, world, 'sysadmin', 'POST', '/api/system/backups', {});
    expect(made.statusCode).toBe(200);
    const { name, bytes } = made.json<{ name: string; bytes: number }>();
    const listed = (await asRole(t.app, world, 'sysadmin', 'GET', '/api/system')).json<SystemAnswer>();
    // Newest first: this one, then the one the sysadmin made in the access check above.
    const names = listed.backups.items.map((item) => item.name);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(name);
    const download = await asRole(t.app, world, 'sysadmin', 'GET', `/api/system/backups/${name}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(bytes);
    expect(
      (await asRole(t.app, world, 'admin', 'GET', `/api/system/backups/${name}/download`)).statusCode,
    ).toBe(403);
    for (const other of ['..%2Fpglite', 'curlew-20260101-000000000.tar', 'passwd']) {
      const answer = await asRole(t.app, world, 'sysadmin', 'GET', `/api/system/backups/${other}/download`);
      expect(answer.statusCode, other).toBe(404);
    }
    const restoreUrl = `/api/system/backups/${name}/restore`;
    const unconfirmed = await asRole(t.app, world, 'sysadmin', 'POST', restoreUrl, {
      confirmation: 'restore',
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual([{ path: 'confirmation', message: 'Type RESTORE to confirm' }]);
    const restore = await asRole(t.app, world, 'sysadmin', 'POST', restoreUrl, { confirmation: 'RESTORE' });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toContain('npm run restore');
  });

  it('refuses the reset and a restore in production with a clear message', async () => {
    const cookie = world.members.sysadmin.cookie;
    const reset = await requestJson(
      production,
      'POST',
      '/api/sysadmin/reset-database',
      { confirmation: 'RESET' },
      { cookie },
    );
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(
      "Resetting the database is turned off in production (NODE_ENV=production): it would replace the market's data.",
    );
    expect(
      (await t.db.select().from(organisations).where(eq(organisations.id, world.client.id))).length,
    ).toBe(1);
    const answer = await requestJson(production, 'GET', '/api/system', undefined, { cookie });
    expect(answer.json<SystemAnswer>().resetAllowed).toBe(false);
  });

  it('resets to the demo data only with the typed confirmation', { timeout: 180_000 }, async () => {
    const wrong = await asRole(t.app, world, 'sysadmin', 'POST', '/api/sysadmin/reset-database', {
      confirmation: 'reset',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Type RESET to confirm');
    const reset = await asRole(t.app, world, 'sysadmin', 'POST', '/api/sysadmin/reset-database', {
      confirmation: 'RESET',
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.db.select().from(organisations).where(eq(organisations.id, world.client.id))).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.username, 'sysadmin'))).length).toBe(1);
    // Every session went with the old data.
    expect((await asRole(t.app, world, 'sysadmin', 'GET', '/api/system')).statusCode).toBe(401);
  });
});
