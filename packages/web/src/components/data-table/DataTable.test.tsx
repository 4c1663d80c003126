import type { CurrentUser, Page } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../../features/organisations/testing/renderPage.tsx';
import { DataTable } from './DataTable.tsx';
import { type ListConfig, listQueryString } from './listState.ts';
import { useListState, usePagedList } from './useListState.ts';

interface Thing {
  id: string;
  name: string;
  createdAt: string;
}

const CONFIG: ListConfig = { sortKeys: ['name', 'createdAt'], defaultSort: 'name' };

function ThingsTable() {
  const list = useListState(CONFIG);
  const query = usePagedList<Thing>(['things'], `/things?${listQueryString(list.state)}`);
  return (
    <DataTable
      label="Things"
      columns={[
        { id: 'name', header: 'Name', sortKey: 'name', render: (thing) => thing.name },
        { id: 'createdAt', header: 'Added', sortKey: 'createdAt', render: (thing) => thing.createdAt },
        { id: 'id', header: 'Id', render: (thing) => thing.id },
      ]}
      rowKey={(thing) => thing.id}
      list={list}
      query={query}
      searchLabel="Search things"
      emptyText="No things yet"
    />
  );
}

const operator: CurrentUser = {
  id: 'u-op',
  username: 'olive',
  email: 'olive@example.org',
  displayName: 'Olive Operator',
  phone: null,
  groups: ['admin'],
  organisation: { id: 'org-op', name: 'Curlew Markets', type: 'OPER' },
};

const things = (names: readonly string[], first = 1): Thing[] =>
  names.map((name, index) => ({ id: `t${first + index}`, name, createdAt: `2025-01-${10 + index}` }));

const pageOf = (items: Thing[], total = items.length, page = 1, pageSize = 25): Page<Thing> => ({
  items,
  total,
  page,
  pageSize,
});

const get = (query: string) => `GET /api/things?${query}`;
const FIRST = 'sort=name&order=asc&page=1&pageSize=25';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const show = (at = '/things') =>
  renderPage([{ path: '/things', page: ThingsTable }], { at, apiBase: server.origin, user: operator });

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const location = () => screen.getByTestId('location').textContent;

describe('DataTable', () => {
  it('shows a loading skeleton, then the rows of the first page with the range shown', async () => {
    server.routes = { [get(FIRST)]: { body: pageOf(things(['Alder', 'Birch'])), delayMs: 300 } };
    show();
    expect(screen.getByText('Loading things')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('cell', { name: 'Alder' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Alder', 'Birch']);
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Loading things')).not.toBeInTheDocument();
  });

  it('sorts by a header: the same column flips direction, another starts ascending; Back restores the order', async () => {
    server.routes = {
      [get(FIRST)]: { body: pageOf(things(['Alder', 'Birch'])) },
      [get('sort=name&order=desc&page=1&pageSize=25')]: { body: pageOf(things(['Birch', 'Alder'])) },
      [get('sort=createdAt&order=asc&page=1&pageSize=25')]: { body: pageOf(things(['Rowan', 'Alder'])) },
    };
    const user = userEvent.setup();
    show();
    await screen.findByRole('cell', { name: 'Alder' });
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Birch', 'Alder']));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(location()).toBe('/things?order=desc');

    await user.click(screen.getByRole('button', { name: 'Added' }));
    await waitFor(() => expect(rowNames()).toEqual(['Rowan', 'Alder']));
    expect(screen.getByRole('columnheader', { name: 'Added' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(location()).toBe('/things?sort=createdAt');
    // A column without a sort key is not a button.
    expect(screen.queryByRole('button', { name: 'Id' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(rowNames()).toEqual(['Birch', 'Alder']));
    expect(location()).toBe('/things?order=desc');
  });

  it('searches for the typed text from page 1 and says when nothing matches', async () => {
    server.routes = {
      [get('sort=name&order=asc&page=2&pageSize=25')]: {
        body: pageOf(things(['Oak'], 26), 26, 2),
      },
      [get('q=fen&sort=name&order=asc&page=1&pageSize=25')]: { body: pageOf(things(['Fenland Trust'])) },
      [get('q=zzz&sort=name&order=asc&page=1&pageSize=25')]: { body: pageOf([]) },
    };
    const user = userEvent.setup();
    show('/things?page=2');
    await screen.findByRole('cell', { name: 'Oak' });
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'fen');
    expect(await screen.findByRole('cell', { name: 'Fenland Trust' })).toBeInTheDocument();
    expect(location()).toBe('/things?q=fen');
    // Typing pauses before searching, so one request covers the whole word.
    expect(server.received.filter((request) => request.path.includes('q=f&'))).toHaveLength(0);

    await user.clear(screen.getByRole('searchbox', { name: 'Search things' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'zzz{Enter}');
    expect(await screen.findByText("Nothing matches 'zzz'")).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(location()).toBe('/things?q=zzz');
  });

  it('pages through the list and changes the page size, starting again from page 1', async () => {
    const names = Array.from({ length: 60 }, (_, index) => `Thing ${String(index + 1).padStart(2, '0')}`);
    server.routes = {
      [get(FIRST)]: { body: pageOf(things(names.slice(0, 25)), 60, 1) },
      [get('sort=name&order=asc&page=2&pageSize=25')]: {
        body: pageOf(things(names.slice(25, 50), 26), 60, 2),
      },
      [get('sort=name&order=asc&page=1&pageSize=50')]: {
        body: pageOf(things(names.slice(0, 50)), 60, 1, 50),
      },
    };
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 26–50 of 60')).toBeInTheDocument();
    expect(rowNames()[0]).toBe('Thing 26');
    expect(location()).toBe('/things?page=2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('Showing 1–50 of 60')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(50);
    expect(location()).toBe('/things?pageSize=50');
  });

  it('opens at the state the address names, ignoring values the list does not know', async () => {
    server.routes = {
      [get('q=fen&sort=createdAt&order=desc&page=3&pageSize=10')]: {
        body: pageOf(things(['Fen Farm'], 21), 21, 3, 10),
      },
      [get(FIRST)]: { body: pageOf(things(['Alder'])) },
    };
    const first = show('/things?q=fen&sort=createdAt&order=desc&page=3&pageSize=10');
    expect(await screen.findByText('Showing 21–21 of 21')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('fen');
    first.unmount();

    show('/things?sort=password&order=sideways&page=-2&pageSize=7');
    expect(await screen.findByRole('cell', { name: 'Alder' })).toBeInTheDocument();
    expect(server.received.at(-1)?.path).toBe(`/api/things?${FIRST}`);
  });

  it('says when the list is empty', async () => {
    server.routes = { [get(FIRST)]: { body: pageOf([]) } };
    show();
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
  });

  it("shows the server's message when loading fails, and Retry loads again", async () => {
    let calls = 0;
    server.routes = {
      [get(FIRST)]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { error: 'unavailable', message: 'The database is restarting' } }
          : { body: pageOf(things(['Alder'])) };
      },
    };
    const user = userEvent.setup();
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Things could not be loaded');
    expect(alert).toHaveTextContent('The database is restarting');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Alder' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
