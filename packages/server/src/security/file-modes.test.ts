import { lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { startServer } from '../server.ts';

/** Every path under `folder` (itself included) whose mode lets its group or anyone else in. */
const sharedEntries = (folder: string): string[] => {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) {
      found.push(`${path.relative(folder, entry) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(folder);
  return found;
};

it('keeps every file of the data folder to its owner, after start and after writes', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'curlew-modes-')), 'data');
  const server = await startServer(testConfig({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent' }));
  try {
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(sharedEntries(dataDir)).toEqual([]);
    // New relations and WAL segments are files PGlite creates while running.
    await server.connection.db.execute(sql`create table mode_probe (id serial primary key, note text)`);
    await server.connection.db.execute(
      sql`insert into mode_probe (note) select repeat('x', 500) from generate_series(1, 5000)`,
    );
    await server.connection.db.execute(sql`checkpoint`);
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: {
        password: 'heron-marsh-walk-3',
        confirmPassword: 'heron-marsh-walk-3',
        displayName: 'Mo Modes',
        phone: '+447700900321',
        email: 'mo.modes@example.org',
        organisationName: 'Modes Ltd',
        organisationType: 'PARTICIPANT',
        mailingAddress: '1 Marsh Lane, Snettisham',
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(sharedEntries(dataDir)).toEqual([]);
  } finally {
    await server.close();
  }
}, 120_000);
