import { describe, expect, it } from 'vitest';
import { listQuerySchema } from './paging.ts';

const query = listQuerySchema(['name', 'createdAt'], 'name');

describe('listQuerySchema', () => {
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
