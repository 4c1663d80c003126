import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, MIGRATIONS_FOLDER, queryRows } from './db/connect.ts';

/** The background workers of a process, by name: whether each is running now. */
export class Workers {
  private readonly states = new Map<string, () => boolean>();

  /** Declares a worker (or replaces how its state is read); a declared worker not running makes the process unready. */
  set(name: string, running: () => boolean): void {
    this.states.set(name, running);
  }

  /** Every worker's state, by name. */
  snapshot(): Record<string, boolean> {
    return Object.fromEntries([...this.states].map(([name, running]) => [name, running()]));
  }
}

/** When the newest migration shipped with this build was generated (drizzle-kit's `when`, in ms). */
const newestShippedMigration = (): number => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
};

/** What `/api/ready` answers: each check, and whether all pass. */
export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
  workers: Record<string, 'running' | 'stopped'>;
}

/** Whether the database answers, holds every shipped migration, and every declared worker runs. */
export async function checkReadiness(db: Database, workers: Workers): Promise<Readiness> {
  let database: Readiness['database'] = 'ok';
  let migrations: Readiness['migrations'] = 'unknown';
  try {
    await db.execute(sql`select 1`);
  } catch {
    database = 'unreachable';
  }
  if (database === 'ok') {
    try {
      // Drizzle's migrators (node-postgres and PGlite alike) record each applied migration's `when`.
      const [row] = await queryRows<{ newest: string | number | null }>(
        db,
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      );
      migrations = Number(row?.newest ?? 0) >= newestShippedMigration() ? 'applied' : 'pending';
    } catch {
      // No migrations table: nothing applied yet.
      migrations = 'pending';
    }
  }
  const workerStates = Object.fromEntries(
    Object.entries(workers.snapshot()).map(([name, running]) => [name, running ? 'running' : 'stopped']),
  ) as Readiness['workers'];
  const ready =
    database === 'ok' &&
    migrations === 'applied' &&
    Object.values(workerStates).every((state) => state === 'running');
  return { ready, database, migrations, workers: workerStates };
}

/**
 * `GET /api/health`: the process lives (never touches the database, so a restart is not triggered by a database
 * outage). `GET /api/ready`: the process can serve (database, migrations, workers): 200, or 503 with what fails.
 */
export function registerHealthRoutes(app: FastifyInstance, workers: Workers): void {
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/ready', async (request, reply) => {
    const readiness = await checkReadiness(request.server.deps.db, workers);
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
}
