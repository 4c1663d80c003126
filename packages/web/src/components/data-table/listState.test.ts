import { describe, expect, it } from 'vitest';
import {
  exportQueryString,
  type ListConfig,
  listQueryString,
  pageCount,
  rangeText,
  readListState,
  sortedBy,
  writeListState,
} from './listState.ts';

const config: ListConfig = { sortKeys: ['name', 'createdAt'], defaultSort: 'name', prefix: 'clients.' };

describe('list state in the address', () => {
  it('reads only its own prefixed parameters and falls back to the defaults for unknown values', () => {
    const params = new URLSearchParams(
      'q=ignored&clients.q=%20fen%20&clients.sort=createdAt&clients.order=desc&clients.page=4&clients.pageSize=50',
    );
    expect(readListState(params, config)).toEqual({
      q: 'fen',
      sort: 'createdAt',
      order: 'desc',
      page: 4,
      pageSize: 50,
    });
    expect(
      readListState(new URLSearchParams('clients.sort=id&clients.page=0&clients.pageSize=1000'), config),
    ).toEqual({ q: '', sort: 'name', order: 'asc', page: 1, pageSize: 25 });
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const written = writeListState(
      new URLSearchParams('tab=users&clients.page=3'),
      { q: '', sort: 'name', order: 'desc', page: 1, pageSize: 25 },
      config,
    );
    expect(written.toString()).toBe('tab=users&clients.order=desc');
  });

  it('flips the direction of the sorted column, starts another ascending, and goes back to page 1', () => {
    const state = { q: 'x', sort: 'name', order: 'asc' as const, page: 3, pageSize: 25 };
    expect(sortedBy(state, 'name')).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    expect(sortedBy({ ...state, order: 'desc' }, 'name')).toMatchObject({ order: 'asc' });
    expect(sortedBy({ ...state, order: 'desc' }, 'createdAt')).toMatchObject({
      sort: 'createdAt',
      order: 'asc',
    });
  });

  it('builds the API query with the filters first and blank ones left out', () => {
    const state = { q: 'fen & co', sort: 'name', order: 'asc' as const, page: 2, pageSize: 10 };
    expect(listQueryString(state, { type: 'PARTICIPANT', clientId: undefined, agentId: '' })).toBe(
      'type=PARTICIPANT&q=fen+%26+co&sort=name&order=asc&page=2&pageSize=10',
    );
    expect(listQueryString({ ...state, q: '' })).toBe('sort=name&order=asc&page=2&pageSize=10');
  });

  it('builds an export query with the filters, search and sort, and no paging', () => {
    const state = { q: 'fen', sort: 'createdAt', order: 'desc' as const, page: 3, pageSize: 50 };
    expect(exportQueryString(state, { type: 'PARTICIPANT', roundId: '' }, 'xlsx')).toBe(
      'type=PARTICIPANT&q=fen&sort=createdAt&order=desc&format=xlsx',
    );
  });

  it('counts pages and describes the rows shown', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(rangeText(3, 25, 1, 51)).toBe('Showing 51–51 of 51');
    expect(rangeText(1, 25, 0, 0)).toBe('');
  });
});
