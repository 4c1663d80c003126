import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { MarketPage } from './MarketPage.tsx';
import { MarketsPage } from './MarketsPage.tsx';
import { OperatorRoundPage } from './RoundPage.tsx';
import { marketOf, participationOf, roundOf } from './testing/fixtures.ts';

const MARKETS = 'GET /api/markets?sort=name&order=asc&page=1&pageSize=25';
const ROUNDS = 'GET /api/rounds?marketId=m1&sort=createdAt&order=desc&page=1&pageSize=25';
const participants = (filters = '') =>
  `GET /api/participations?roundId=r1${filters}&sort=organisation&order=asc&page=1&pageSize=25`;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const show = (path: string, page: typeof MarketsPage, at: string) =>
  renderPage([{ path, page }], { at, apiBase: server.origin, user: operator });

describe('markets list', () => {
  it('lists markets with their latest round and its status, and offers CreateMarket', async () => {
    server.routes = {
      [MARKETS]: {
        body: listOf(
          [
            marketOf({
              id: 'm1',
              latestRound: {
                id: 'r1',
                self: '/round/r1',
                name: 'Spring 2026',
                status: 'OpenForBidsAndOffers',
              },
            }),
            marketOf({ id: 'm2', name: 'Test valley biodiversity', latestRound: null }),
          ],
          { actions: [{ id: 'CreateMarket', title: 'Add market', enabled: true }] },
        ),
      },
    };
    show('/markets', MarketsPage, '/markets');
    const table = await screen.findByRole('table', { name: 'Markets' });
    const solent = (await within(table).findByRole('link', { name: 'Solent nutrients' })).closest('tr');
    expect(solent).not.toBeNull();
    expect(within(solent as HTMLElement).getByRole('link', { name: 'Spring 2026' })).toHaveAttribute(
      'href',
      '/markets/m1/round/r1',
    );
    expect(within(solent as HTMLElement).getByText('Bids and offers open')).toBeInTheDocument();
    expect(
      within(table).getByRole('columnheader', { name: 'Latest round and its status' }),
    ).toBeInTheDocument();
    const other = within(table).getByRole('link', { name: 'Test valley biodiversity' }).closest('tr');
    expect(within(other as HTMLElement).getByText('No rounds yet')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add market' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/markets?sort=name&order=asc&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${server.origin}/api/markets?sort=name&order=asc&format=xlsx`,
    );
  });

  it('says when there are no markets, and offers no create button the server did not list', async () => {
    server.routes = { [MARKETS]: { body: listOf([]) } };
    show('/markets', MarketsPage, '/markets');
    expect(await screen.findByText('There are no markets yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add market' })).not.toBeInTheDocument();
  });

  it('says when the markets could not be loaded', async () => {
    server.routes = {
      [MARKETS]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    show('/markets', MarketsPage, '/markets');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('market page', () => {
  it('shows the market and its rounds newest first, with the create-round action', async () => {
    server.routes = {
      'GET /api/market/m1': {
        body: marketOf({ id: 'm1', actions: [{ id: 'Update', title: 'Update market', enabled: true }] }),
      },
      [ROUNDS]: {
        body: listOf([roundOf({ id: 'r2', name: 'Autumn 2026', status: 'Draft' }), roundOf({ id: 'r1' })], {
          actions: [{ id: 'CreateRound', title: 'Add market round', enabled: true }],
        }),
      },
    };
    show('/markets/:marketId', MarketPage, '/markets/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solent nutrients' })).toBeInTheDocument();
    expect(screen.getByText('South East')).toBeInTheDocument();
    expect(screen.getByText('0.5')).toBeInTheDocument();
    expect(screen.getByText('15%')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rounds of Solent nutrients' });
    await within(table).findByRole('link', { name: 'Autumn 2026' });
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${server.origin}/api/rounds?marketId=m1&sort=createdAt&order=desc&format=xlsx`,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Autumn 2026Draft'),
      expect.stringContaining('Spring 2026Open for registration'),
    ]);
    expect(screen.getByRole('button', { name: 'Add market round' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Update market' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Solent nutrients');
  });

  it('says when the market does not exist', async () => {
    server.routes = {
      'GET /api/market/gone': { status: 404, body: { error: 'not_found', message: 'No such market' } },
    };
    show('/markets/:marketId', MarketPage, '/markets/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Market not found');
  });
});

describe('operator round page', () => {
  const roundRoutes = () => ({
    'GET /api/round/r1': {
      body: roundOf({
        id: 'r1',
        actions: [
          { id: 'Close', title: 'Close registration', enabled: true, next: true },
          { id: 'RegisterAsParticipant', title: 'Register for this market round', enabled: true },
          { id: 'SetReserveInfo', title: 'Set credit reserve', enabled: true },
          {
            id: 'OpenBidsAndOffers',
            title: 'Open bids and offers',
            enabled: false,
            reason: 'Registration is open',
          },
          { id: 'AddDeclarations', title: 'Add declarations', enabled: true },
          { id: 'RemoveDeclaration', title: 'Remove declaration', enabled: true },
        ],
      }),
    },
    [participants()]: {
      body: listOf([
        participationOf({ id: 'p1' }),
        participationOf({
          id: 'p2',
          organisation: { id: 'o2', name: 'Harbour Homes', self: '/organisation/o2' },
          capacity: 'Buyer',
          status: 'Provisional',
          agent: { id: 'a1', name: 'Fen Agents' },
          registeredAt: null,
        }),
      ]),
    },
    [participants('&capacity=Buyer')]: {
      body: listOf([
        participationOf({
          id: 'p2',
          organisation: { id: 'o2', name: 'Harbour Homes', self: '/organisation/o2' },
          capacity: 'Buyer',
          status: 'Provisional',
        }),
      ]),
    },
  });

  it('marks no registration window open once the round has moved past registration', async () => {
    server.routes = {
      ...roundRoutes(),
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'OpenForBidsAndOffers' }) },
    };
    show('/markets/:marketId/round/:roundId', OperatorRoundPage, '/markets/m1/round/r1');
    const windows = await screen.findByRole('table', { name: 'Registration windows' });
    const suppliers = within(windows).getByText('Supplier registration').closest('tr') as HTMLElement;
    expect(suppliers).toHaveTextContent('1 Jan 2026');
    expect(windows).not.toHaveTextContent('Open now');
  });

  it('offers no remove buttons once the declarations are fixed, and says why it cannot add any', async () => {
    const fixed = 'Declarations cannot change once bids and offers open';
    server.routes = {
      ...roundRoutes(),
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'OpenForBidsAndOffers',
          actions: [
            { id: 'AddDeclarations', title: 'Add declarations', enabled: false, reason: fixed },
            { id: 'RemoveDeclaration', title: 'Remove declaration', enabled: false, reason: fixed },
          ],
        }),
      },
    };
    show('/markets/:marketId/round/:roundId', OperatorRoundPage, '/markets/m1/round/r1');
    const list = await screen.findByRole('list', { name: 'Declarations of the round' });
    expect(within(list).getByText('Conflicts of interest')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add declarations' })).toHaveAccessibleDescription(fixed);
  });

  it('shows where the round is, its dates, reserve, scope, declarations, counts and participants', async () => {
    server.routes = roundRoutes();
    show('/markets/:marketId/round/:roundId', OperatorRoundPage, '/markets/m1/round/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring 2026' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(crumbs).toHaveTextContent('Solent nutrients');
    expect(crumbs).toHaveTextContent('Spring 2026');

    const progress = screen.getByRole('list', { name: 'Round progress' });
    const current = within(progress)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current'));
    expect(current).toHaveTextContent('Open for registration · Now');
    expect(progress).toHaveTextContent('Registration closed · Next');
    expect(progress).toHaveTextContent('Draft · Done');
    expect(progress).not.toHaveTextContent('Failed');

    const windows = screen.getByRole('table', { name: 'Registration windows' });
    const suppliers = within(windows).getByText('Supplier registration').closest('tr') as HTMLElement;
    expect(suppliers).toHaveTextContent('Open now');
    const buyers = within(windows).getByText('Buyer registration').closest('tr') as HTMLElement;
    expect(buyers).not.toHaveTextContent('Open now');
    expect(screen.getByText('Asset management period ends 31 Mar 2031')).toBeInTheDocument();

    expect(screen.getByText('Nitrogen')).toBeInTheDocument();
    expect(screen.getByText('River Test')).toBeInTheDocument();
    expect(screen.getByText('15%')).toBeInTheDocument();
    expect(screen.getByText('Conflicts of interest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add declarations' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Conflicts of interest' })).toBeEnabled();

    const counts = screen.getByRole('table', { name: 'Participants by capacity and status' });
    const supplierCounts = within(counts).getByRole('rowheader', { name: 'Supplier' }).closest('tr');
    expect(supplierCounts).toHaveTextContent('Supplier0002');

    const table = await screen.findByRole('table', { name: 'Participants of Spring 2026' });
    await within(table).findByRole('link', { name: 'Harbour Homes' });
    expect(within(table).getByRole('link', { name: 'Wetland Trust' })).toHaveAttribute(
      'href',
      '/markets/m1/round/r1/participation/p1',
    );
    expect(within(table).getByText('Fen Agents')).toBeInTheDocument();

    // The round's next step is in its own panel; a setting the operator may use now is a plain button; a step of
    // another status is in 'More actions' with its reason.
    const next = screen.getByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Close registration' })).toBeEnabled();
    const actions = screen.getByRole('group', { name: 'Actions for Spring 2026' });
    expect(within(actions).queryByRole('button', { name: 'Close registration' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Set credit reserve' })).toBeEnabled();
    expect(within(actions).queryByRole('button', { name: 'Open bids and offers' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'More actions' }));
    const refused = await screen.findByRole('menuitem', { name: 'Open bids and offers' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription('Registration is open');
    expect(screen.queryByRole('menuitem', { name: 'Close registration' })).not.toBeInTheDocument();
    // The operator records participants; registering one provisionally stays in the menu, not beside Close.
    expect(
      within(actions).queryByRole('button', { name: 'Register for this market round' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Register for this market round' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Data sets' })).toBeInTheDocument();
    expect(screen.queryByText('r1')).not.toBeInTheDocument();
  });

  it('filters the participants by capacity on the server', async () => {
    server.routes = roundRoutes();
    const user = userEvent.setup();
    show('/markets/:marketId/round/:roundId', OperatorRoundPage, '/markets/m1/round/r1');
    const table = await screen.findByRole('table', { name: 'Participants of Spring 2026' });
    await within(table).findByRole('link', { name: 'Wetland Trust' });
    await user.click(screen.getByLabelText('Taking part as', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Buyer' }));
    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Wetland Trust' })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('link', { name: 'Harbour Homes' })).toBeInTheDocument();
    // The participants' export follows the round and the capacity chosen, without the paging.
    const exports = screen
      .getAllByRole('link', { name: 'Export CSV' })
      .map((link) => link.getAttribute('href'));
    expect(exports).toEqual([
      `${server.origin}/api/participations?roundId=r1&capacity=Buyer&sort=organisation&order=asc&format=csv`,
    ]);
  });

  it('shows a failed round beside the matching step', async () => {
    server.routes = {
      ...roundRoutes(),
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Failed' }) },
    };
    show('/markets/:marketId/round/:roundId', OperatorRoundPage, '/markets/m1/round/r1');
    const progress = await screen.findByRole('list', { name: 'Round progress' });
    expect(progress).toHaveTextContent('Matching · Done');
    expect(progress).toHaveTextContent('Failed · Now');
  });
});
