import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { RefDataListPage } from './RefDataListPage.tsx';

const operator = userWith(['admin'], {
  organisation: { id: 'oper-1', name: 'Curlew Market Operator', type: 'OPER' },
});
const LIST_ROUTE = { path: '/settings/refdata/:type', page: RefDataListPage };
const standards = (query: string) => `GET /api/settings/standards?${query}`;
const pageOf = (names: readonly string[]) => ({
  items: names.map((name) => ({ id: name.toLowerCase(), name, active: true })),
  total: names.length,
  page: 1,
  pageSize: 25,
});

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

describe('RefDataListPage', () => {
  it('searches, keeps Active only in the address and sorts by a column, each on the server', async () => {
    server.routes = {
      [standards('order=asc&page=1&pageSize=25')]: { body: pageOf(['Saltmarsh code', 'Woodland code']) },
      [standards('order=asc&q=salt&page=1&pageSize=25')]: { body: pageOf(['Saltmarsh code']) },
      [standards('order=asc&q=salt&active=true&page=1&pageSize=25')]: { body: pageOf([]) },
      [standards('sort=name&order=asc&q=salt&page=1&pageSize=25')]: { body: pageOf(['Saltmarsh code']) },
    };
    renderPage([LIST_ROUTE], { at: '/settings/refdata/standards', apiBase: server.origin, user: operator });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Woodland code' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Name or code');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'salt{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Woodland code' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Saltmarsh code' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Active only' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/settings/refdata/standards?q=salt&active=true',
    );
    // The exports follow the search and the filter, without the paging.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/settings/standards?active=true&q=salt&order=asc&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute('download', 'standards.xlsx');

    await user.click(screen.getByRole('checkbox', { name: 'Active only' }));
    await user.click(await screen.findByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/settings/refdata/standards?q=salt&sort=name',
      ),
    );
    expect(server.received.map((request) => `${request.method} ${request.path}`)).toContain(
      standards('sort=name&order=asc&q=salt&page=1&pageSize=25'),
    );
  });

  it('offers no Active only filter for habitat types', async () => {
    server.routes = {
      'GET /api/settings/habitats?order=asc&page=1&pageSize=25': {
        body: { ...pageOf([]), items: [{ id: 'h1', module: 'Area', habitatType: 'Lowland fens' }], total: 1 },
      },
    };
    renderPage([LIST_ROUTE], { at: '/settings/refdata/habitats', apiBase: server.origin, user: operator });
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Active only' })).not.toBeInTheDocument();
  });
});
