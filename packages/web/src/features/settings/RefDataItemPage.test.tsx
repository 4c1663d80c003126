import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { RefDataItemPage } from './RefDataItemPage.tsx';

const operator = userWith(['admin'], {
  organisation: { id: 'oper-1', name: 'Curlew Market Operator', type: 'OPER' },
});
const ITEM_ROUTE = { path: '/settings/refdata/:type/:id', page: RefDataItemPage };

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

describe('RefDataItemPage', () => {
  it('creates a subcatchment from the generic form, choosing LPAs by name and code, and saves what was chosen', async () => {
    server.routes = {
      'GET /api/lpas': {
        body: [
          { code: 'E60000281', name: 'Adur LPA' },
          { code: 'E60000282', name: 'Arun LPA' },
        ],
      },
      'POST /api/settings/subcatchments': { status: 201, body: { id: 'sub-1', name: 'Chichester Harbour' } },
      'GET /api/settings/subcatchments/sub-1': {
        body: { id: 'sub-1', name: 'Chichester Harbour', active: true },
      },
    };
    renderPage([ITEM_ROUTE], {
      at: '/settings/refdata/subcatchments/new',
      apiBase: server.origin,
      user: operator,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New subcatchment' });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Field required');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Chichester Harbour');
    await user.click(screen.getByRole('combobox', { name: /^Nutrient/ }));
    await user.click(await screen.findByRole('option', { name: 'Nitrogen and phosphorus' }));
    await user.click(screen.getByRole('combobox', { name: /Local planning authorities/ }));
    await user.click(await screen.findByRole('option', { name: 'Arun LPA (E60000282)' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings/refdata/subcatchments/sub-1'),
    );
    const posted = server.received.find((request) => request.method === 'POST');
    expect(JSON.parse(posted?.body ?? '')).toEqual({
      name: 'Chichester Harbour',
      nutrient: 'N+P',
      lpaCodes: ['E60000282'],
      active: true,
    });
  });

  it('says when the list of LPAs could not be loaded', async () => {
    server.routes = { 'GET /api/lpas': { status: 500, body: { error: 'internal', message: 'Down' } } };
    renderPage([ITEM_ROUTE], {
      at: '/settings/refdata/subcatchments/new',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByText(/The list of LPAs could not be loaded/)).toBeInTheDocument();
  });
});
