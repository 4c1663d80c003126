import type { CurrentUser, Page } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../../features/organisations/testing/renderPage.tsx';
import { DataTable } from './DataTable.tsx';
import type { ListFilters } from './listFilters.ts';
import { type ListConfig, listQueryString } from './listState.ts';
import { useListFilters } from './useAddressFilters.ts';
import { useListState, usePagedList } from './useListState.ts';

interface Thing {
  id: string;
  name: string;
}

const CONFIG: ListConfig = { sortKeys: ['name'], defaultSort: 'name', prefix: 't.' };

const NATIVE: ListFilters = {
  label: 'Filter things',
  clearable: true,
  filters: [
    {
      kind: 'select',
      key: 'colour',
      label: 'Colour',
      options: [
        { value: 'red', label: 'Red' },
        { value: 'blue', label: 'Blue' },
      ],
    },
    {
      kind: 'select',
      key: 'shedId',
      label: 'Shed',
      source: { url: '/sheds', valueKey: 'id', labelKey: 'name' },
    },
    { kind: 'flag', key: 'broken', label: 'Broken only' },
  ],
};
const DROPDOWN: ListFilters = { ...NATIVE, label: undefined, clearable: false, control: 'dropdown' };

function ThingsTable({ declared }: { declared: ListFilters }) {
  const list = useListState(CONFIG);
  const filters = useListFilters(declared, CONFIG.prefix);
  const query = usePagedList<Thing>(['things'], `/things?${listQueryString(list.state, filters.query)}`);
  return (
    <DataTable
      label="Things"
      columns={[{ id: 'name', header: 'Name', render: (thing) => thing.name }]}
      rowKey={(thing) => thing.id}
      list={list}
      query={query}
      searchLabel="Search things"
      filters={filters}
      emptyText={filters.filtered ? 'No things match' : 'No things yet'}
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

const pageOf = (names: readonly string[]): Page<Thing> => ({
  items: names.map((name) => ({ id: name, name })),
  total: names.length,
  page: 1,
  pageSize: 25,
});
const get = (filters: string) => `GET /api/things?${filters}sort=name&order=asc&page=1&pageSize=25`;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes = {
    'GET /api/sheds': { body: [{ id: 's1', name: 'North shed' }] },
    [get('')]: { body: pageOf(['Anvil', 'Bucket']) },
    [get('colour=red&')]: { body: pageOf(['Anvil']) },
    [get('colour=red&shedId=s1&')]: { body: pageOf(['Anvil']) },
    [get('colour=red&shedId=s1&broken=true&')]: { body: pageOf([]) },
    [get('colour=blue&')]: { body: pageOf(['Bucket']) },
    'GET /api/things?sort=name&order=asc&page=3&pageSize=25': { body: pageOf(['Anvil', 'Bucket']) },
  };
});

const show = (declared: ListFilters, at = '/things') =>
  renderPage([{ path: '/things', page: () => <ThingsTable declared={declared} /> }], {
    at,
    apiBase: server.origin,
    user: operator,
  });
const location = () => screen.getByTestId('location').textContent;
const requests = () => server.received.map((request) => `${request.method} ${request.path}`);

describe('FilterBar', () => {
  it('sends each declared filter under its key, keeps them in the address from page 1, and clears them', async () => {
    const user = userEvent.setup();
    show(NATIVE, '/things?t.page=3&other=kept');
    await screen.findByText('Bucket');
    const group = screen.getByRole('group', { name: 'Filter things' });
    expect(within(group).getByRole('combobox', { name: 'Colour' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await user.selectOptions(within(group).getByRole('combobox', { name: 'Colour' }), 'Red');
    await waitFor(() => expect(screen.queryByText('Bucket')).not.toBeInTheDocument());
    expect(screen.getByText('Anvil')).toBeInTheDocument();
    expect(location()).toBe('/things?other=kept&t.colour=red');
    await within(group).findByRole('option', { name: 'North shed' });
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Shed' }), 'North shed');
    await user.click(within(group).getByRole('checkbox', { name: 'Broken only' }));
    expect(await screen.findByText('No things match')).toBeInTheDocument();
    expect(location()).toBe('/things?other=kept&t.colour=red&t.shedId=s1&t.broken=true');
    expect(requests()).toContain(get('colour=red&shedId=s1&broken=true&'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Bucket')).toBeInTheDocument();
    expect(location()).toBe('/things?other=kept');
  });

  it('reads its filters from the address under the list prefix, and sends a flag only when ticked', async () => {
    show(NATIVE, '/things?t.colour=blue&t.broken=yes&colour=red');
    expect(await screen.findByText('Bucket')).toBeInTheDocument();
    expect(screen.queryByText('Anvil')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Broken only' })).not.toBeChecked();
    expect(requests()).toContain(get('colour=blue&'));
    expect(screen.queryByText('No things match')).not.toBeInTheDocument();
  });

  it('shows the choices as clearable dropdowns when declared so, without Clear filters', async () => {
    const user = userEvent.setup();
    show(DROPDOWN);
    await screen.findByText('Bucket');
    expect(screen.queryByRole('group', { name: 'Filter things' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Colour', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await waitFor(() => expect(screen.queryByText('Anvil')).not.toBeInTheDocument());
    expect(screen.getByText('Bucket')).toBeInTheDocument();
    expect(location()).toBe('/things?t.colour=blue');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
