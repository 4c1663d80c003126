import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/connect.ts';
import { lpas } from '../refdata/refdata.tables.ts';

/** The id of a real LPA by its code, inserted when the reference data is not loaded (so it has a polygon). */
export async function realLpa(db: Database, code: string, name: string): Promise<string> {
  const [found] = await db.select({ id: lpas.id }).from(lpas).where(eq(lpas.code, code));
  if (found) return found.id;
  const now = new Date();
  const [row] = await db
    .insert(lpas)
    .values({ code, name, authorityType: 'Unitary authority', createdAt: now, updatedAt: now })
    .returning({ id: lpas.id });
  if (!row) throw new Error('No LPA inserted');
  return row.id;
}

/** Every key of a JSON answer, at any depth: what a test checks for prices and organisations. */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}
