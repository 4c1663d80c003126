import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/connect.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { seedReferenceData } from '../refdata/index.ts';

/**
 * Empties every table of the application (the migrations stay applied) and seeds the reference and demo data
 * again, as on a first start; with the embedded database the data folder's files go too. Never in production.
 */
export async function resetToDemoData(deps: Pick<AppDeps, 'config' | 'db' | 'clock'>): Promise<void> {
  if (deps.config.production) throw new Error('The database is never reset in production');
  const tables = await queryRows<{ name: string }>(
    deps.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const list = sql.join(
    tables.map((table) => sql.identifier(table.name)),
    sql`, `,
  );
  await deps.db.execute(sql`truncate table ${list} restart identity cascade`);
  if (!deps.config.databaseUrl)
    await rm(path.resolve(deps.config.dataDir, 'files'), { recursive: true, force: true });
  await seedReferenceData(deps.db);
  await seedDemoData(deps.db, {
    password: deps.config.demoPassword,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
  });
}
