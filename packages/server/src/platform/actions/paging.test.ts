import { and, eq, ilike } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { organisations } from '../../modules/organisations/organisations.tables.ts';
import { containsPattern, countRows, listOrder, listPage, listQuerySchema } from './paging.ts';

const query = listQuerySchema(['name', 'createdAt'], 'name');

describeWithApp('listPage', (t) => {
  it('answers the asked page of the matching rows, sorted, with the total of all matches', async () => {
    for (const name of ['Paging Alder', 'Paging Birch', 'Paging Cedar', 'Paging Damson', 'Other Elm']) {
      await buildOrganisation(t.db, { name, type: 'LPA' });
    }
    const where = and(eq(organisations.type, 'LPA'), ilike(organisations.name, containsPattern('paging')));
    const list = (raw: Record<string, string>) => {
      const parsed = query.parse(raw);
      return listPage(
        parsed,
        {
          rows: ({ limit, offset }) =>
            t.db
              .select()
              .from(organisations)
              .where(where)
              .orderBy(
                ...listOrder(
                  { name: organisations.name, createdAt: organisations.createdAt },
                  parsed,
                  organisations.id,
                ),
              )
              .limit(limit)
              .offset(offset),
          total: () => countRows(t.db, organisations, where),
        },
        (rows) => rows.map((row) => row.name),
      );
    };
    expect(await list({ sort: 'name', order: 'desc', pageSize: '3' })).toEqual({
      items: ['Paging Damson', 'Paging Cedar', 'Paging Birch'],
      total: 4,
      page: 1,
      pageSize: 3,
    });
    expect(await list({ sort: 'name', order: 'desc', pageSize: '3', page: '2' })).toEqual({
      items: ['Paging Alder'],
      total: 4,
      page: 2,
      pageSize: 3,
    });
    expect(await list({ page: '3', pageSize: '3' })).toEqual({ items: [], total: 4, page: 3, pageSize: 3 });
  });

  it('refuses a sort key the list does not offer and a page size over the limit', () => {
    expect(query.safeParse({ sort: 'email' }).success).toBe(false);
    expect(query.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(query.parse({ q: '', sort: '', order: '' })).toEqual({
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
  });
});
