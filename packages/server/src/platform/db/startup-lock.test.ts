import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import { startServing, stopServer } from '../../../test/processes.ts';
import { connectPglite, connectPostgres, MIGRATIONS_FOLDER, queryRows, STARTUP_LOCK_KEY } from './connect.ts';

/** How many migrations this build ships. */
const shippedMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('the start-up lock around migrations and first-start seeding', () => {
  it('on PGlite (one process per data folder) runs the work, re-entrant', { timeout: 180_000 }, async () => {
    const connection = await connectPglite();
    try {
      const order: string[] = [];
      const answer = await connection.exclusively(async () => {
        order.push('outer');
        return connection.exclusively(async () => {
          order.push('inner');
          return 42;
        });
      });
      expect(answer).toBe(42);
      expect(order).toEqual(['outer', 'inner']);
    } finally {
      await connection.close();
    }
  });

  // Only where a PostgreSQL server is configured for tests (always in CI).
  if (process.env.TEST_DATABASE_URL) {
    it('lets one of three connections migrate an empty PostgreSQL database while the others wait', async () => {
      const scratch = await openTestDatabase('postgres', { migrate: false });
      if (!scratch.url) throw new Error('Expected the URL of the scratch database');
      const url = scratch.url;
      const connections = await Promise.all([1, 2, 3].map(() => connectPostgres(url, { max: 2 })));
      try {
        await Promise.all(connections.map((connection) => connection.migrate()));
        const [applied] = await queryRows<{ total: string }>(
          scratch.db,
          sql`select count(*) as total, count(distinct hash) as hashes from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual({ total: String(shippedMigrations()), hashes: String(shippedMigrations()) });
        // Held while the work runs: another session cannot take it, and it is free again afterwards.
        const [first] = connections;
        const taken = await first?.exclusively(async () => {
          const [probe] = await queryRows<{ got: boolean }>(
            scratch.db,
            sql`select pg_try_advisory_lock(${STARTUP_LOCK_KEY.toString()}::bigint) as got`,
          );
          return probe?.got;
        });
        expect(taken).toBe(false);
      } finally {
        for (const connection of connections) await connection.close();
        await scratch.close();
      }
    });

    it('starts three server processes at once on an empty PostgreSQL database: one migrates and seeds, all serve', async () => {
      const scratch = await openTestDatabase('postgres', { migrate: false });
      if (!scratch.url) throw new Error('Expected the URL of the scratch database');
      const url = scratch.url;
      const servers = await Promise.all(
        [1, 2, 3].map(() => startServing({ DATABASE_URL: url, LOG_LEVEL: 'warn' })),
      );
      try {
        for (const server of servers) {
          expect(server.output.stderr).not.toContain('Error');
          const ready = await fetch(`${server.url}/api/ready`);
          expect(ready.status).toBe(200);
        }
        // Demo data was created exactly once.
        expect(servers.filter((server) => server.output.stdout.includes('Demo data created.'))).toHaveLength(
          1,
        );
        const [applied] = await queryRows<{ total: string }>(
          scratch.db,
          sql`select count(*) as total from drizzle.__drizzle_migrations`,
        );
        expect(applied?.total).toBe(String(shippedMigrations()));
        const [users] = await queryRows<{ total: string }>(
          scratch.db,
          sql`select count(*) as total from users where username = 'supplier'`,
        );
        expect(users?.total).toBe('1');
      } finally {
        for (const server of servers) expect(await stopServer(server)).toBe(0);
        await scratch.close();
      }
    }, 300_000);
  }
});
