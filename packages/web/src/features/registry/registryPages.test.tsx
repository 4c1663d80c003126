import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { supplier } from '../projects/testing/fixtures.ts';
import { AreaCreditsPage, RegistryCreditsPage } from './CreditsPage.tsx';
import { AreaCreditPage, RegistryCreditPage } from './CreditTracePage.tsx';
import { PublicRegistryPage } from './PublicRegistryPage.tsx';
import { RegistryProjectsPage } from './RegistryListsPage.tsx';
import { RegistryProjectPage } from './RegistryRecordPages.tsx';
import { ReservedCreditPage } from './ReservePages.tsx';
import { registryRoutes } from './testing/fixtures.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(registryRoutes());
});
afterAll(() => server.close());

const location = () => screen.getByTestId('location').textContent;

describe('registry pages', () => {
  it('lists the credits with their owner, units, years and sources, exports them and filters by status', async () => {
    const user = userEvent.setup();
    renderPage([{ path: '/registry/credits', page: RegistryCreditsPage }], {
      at: '/registry/credits',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Housing at Mill Lane' });
    const table = screen.getByRole('table', { name: 'Credits' });
    const row = within(table)
      .getByRole('link', { name: 'Housing at Mill Lane' })
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Mill Homes')).toBeInTheDocument();
    expect(within(row).getByText('10.00')).toBeInTheDocument();
    expect(within(row).getByText('2026 to 2027 (30 years)')).toBeInTheDocument();
    expect(within(row).getByText('Meadow Farm')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Housing at Mill Lane' })).toHaveAttribute(
      'href',
      '/registry/credits/c1',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/credits/registry?sort=requirement&order=asc&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${server.origin}/api/credits/registry?sort=requirement&order=asc&format=xlsx`,
    );
    const totals = await screen.findByRole('table', { name: 'Units per credit type now' });
    const biodiversity = within(totals).getByRole('row', { name: /Biodiversity/ });
    expect(
      within(biodiversity)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12.00', '10.00', '4.00', '0.00', '0.00', '3.00']);
    await within(screen.getByRole('combobox', { name: 'Owner' })).findByRole('option', {
      name: 'Mill Homes',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Issued');
    await waitFor(() => expect(location()).toBe('/registry/credits?status=Issued'));
    expect(await screen.findByText('No credits match these filters.')).toBeInTheDocument();
  });

  it("shows a participant's own credits with links to their own credit pages", async () => {
    renderPage([{ path: '/credits', page: AreaCreditsPage }], {
      at: '/credits',
      apiBase: server.origin,
      user: supplier,
    });
    const link = await screen.findByRole('link', { name: 'Housing at Mill Lane' });
    expect(link).toHaveAttribute('href', '/credits/c1');
    for (const operatorOnly of ['LPA', 'Owner', 'Market'])
      expect(screen.queryByRole('combobox', { name: operatorOnly })).toBeNull();
  });

  it('says so when the credits cannot be loaded', async () => {
    server.routes = {
      ...registryRoutes(),
      'GET /api/credits/registry?sort=requirement&order=asc&page=1&pageSize=25': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong' },
      },
    };
    try {
      renderPage([{ path: '/registry/credits', page: RegistryCreditsPage }], {
        at: '/registry/credits',
        apiBase: server.origin,
        user: operator,
      });
      expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    } finally {
      server.routes = registryRoutes();
    }
  });

  it('traces a credit from its site, with the reserve replacement, to its development', async () => {
    renderPage([{ path: '/registry/credits/:creditId', page: RegistryCreditPage }], {
      at: '/registry/credits/c1',
      apiBase: server.origin,
      user: operator,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Housing at Mill Lane: Biodiversity' }),
    ).toBeInTheDocument();
    const allocations = screen.getByRole('table', { name: 'Allocations from Meadow Farm' });
    expect(
      within(allocations)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2026', '6.00', 'Clearing', 'Failed: the project failed before delivering it'],
      ['2026', '6.00', 'Reserve, replacing Meadow Farm', 'Standing'],
    ]);
    expect(screen.getByText('Hampshire Downs')).toBeInTheDocument();
    expect(screen.getByText('24/01234/FUL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Housing at Mill Lane' })).toHaveAttribute(
      'href',
      '/registry/credit-requirements/q1',
    );
  });

  it("shows a buyer its credit's source site without a link to another organisation's project", async () => {
    renderPage([{ path: '/credits/:creditId', page: AreaCreditPage }], {
      at: '/credits/c1',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByText('Hampshire Downs');
    expect(screen.queryByRole('link', { name: 'Meadow Farm' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Housing at Mill Lane' })).toHaveAttribute(
      'href',
      '/credit-requirements/q1',
    );
  });

  it('shows a missing credit as not found', async () => {
    renderPage([{ path: '/registry/credits/:creditId', page: RegistryCreditPage }], {
      at: '/registry/credits/gone',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByText('Credit not found')).toBeInTheDocument();
  });

  it('filters the projects registry to the non-compliant projects', async () => {
    const user = userEvent.setup();
    renderPage([{ path: '/registry/projects', page: RegistryProjectsPage }], {
      at: '/registry/projects',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByRole('link', { name: 'Meadow Farm' })).toHaveAttribute(
      'href',
      '/registry/projects/p1',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Non-compliant only' }));
    expect(await screen.findByText('No project is non-compliant.')).toBeInTheDocument();
    expect(location()).toBe('/registry/projects?nonCompliant=true');
  });

  it("shows a non-compliant project's next action, its empty credits and reserve", async () => {
    renderPage([{ path: '/registry/projects/:id', page: RegistryProjectPage }], {
      at: '/registry/projects/p2',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByText('Rectify by 1 Jun 2027')).toBeInTheDocument();
    expect(await screen.findByText('There are no credits in the registry yet.')).toBeInTheDocument();
    expect(await screen.findByText('This project holds nothing in reserve.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Verification and monitoring checks' })).toHaveTextContent(
      'Failed',
    );
  });

  it('shows what a reserved credit holds and what it has covered', async () => {
    renderPage([{ path: '/registry/reserve/:id', page: ReservedCreditPage }], {
      at: '/registry/reserve/rc1',
      apiBase: server.origin,
      user: operator,
    });
    const covered = await screen.findByRole('table', {
      name: 'Replacements supplied from this reserved credit',
    });
    expect(within(covered).getByRole('link', { name: 'Barn conversion' })).toBeInTheDocument();
    expect(within(covered).getByText('Down Farm')).toBeInTheDocument();
    expect(screen.getByText('3.00')).toBeInTheDocument();
  });

  it('shows the public registry by site and area, with no price', async () => {
    renderPage([{ path: '/public/registry', page: PublicRegistryPage }], {
      at: '/public/registry',
      apiBase: server.origin,
      user: operator,
    });
    const sites = await screen.findByRole('table', { name: 'Sites' });
    expect(within(sites).getByText('Meadow Farm')).toBeInTheDocument();
    expect(within(sites).getByText('17.00')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Units by local planning authority' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Units by National Character Area' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/£/);
  });
});
