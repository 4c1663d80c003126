import { getTableName, isTable, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import journal from '../../../drizzle/meta/_journal.json' with { type: 'json' };
import { describeWithApp } from '../../../test/app.ts';
import { queryRows } from './connect.ts';
import * as schema from './schema.ts';

const tableNames = Object.values(schema)
  .filter((value) => isTable(value))
  .map((table) => getTableName(table))
  .sort();

describeWithApp('migrations', (t) => {
  it('create every table of the schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(tableNames);
  });

  it('can run again without changing anything', async () => {
    await t.migrate();
    const rows = await queryRows<{ applied: number }>(
      t.db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.applied).toBe(journal.entries.length);
  });
});
