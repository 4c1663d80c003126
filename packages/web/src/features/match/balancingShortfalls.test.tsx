import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OperatorRoundPage } from '../rounds/RoundPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';

const PARTICIPANTS = 'GET /api/participations?roundId=r1&sort=organisation&order=asc&page=1&pageSize=25';
const NO_STATEMENT = {
  status: 404,
  body: { error: 'not_found', message: 'This market round does not exist or you cannot see it' },
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

const showRound = () =>
  renderPage([{ path: '/markets/:marketId/round/:roundId', page: OperatorRoundPage }], {
    at: '/markets/m1/round/r1',
    apiBase: server.origin,
    user: operator,
  });

describe("market balancing on the operator's round page", () => {
  it('lists the units the reserve could not make good, with links to the failed project and the requirement', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Matched' }) },
      'GET /api/round/r1/statement': NO_STATEMENT,
      [PARTICIPANTS]: { body: listOf([]) },
      'GET /api/round/r1/balancing': {
        body: {
          items: [
            {
              project: { id: 'p1', name: 'Meon Valley Meadows', self: '/project/p1' },
              requirement: { id: 'q1', name: 'Botley Road homes', self: '/requirement/q1' },
              creditType: 'Biodiversity',
              year: 2027,
              units: 8,
              createdAt: '2026-11-20T09:00:00.000Z',
            },
          ],
        },
      },
    };
    showRound();
    const table = await screen.findByRole('table', { name: 'Units not replaced' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Meon Valley MeadowsBotley Road homesBiodiversity20278.0020 Nov 2026');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Meon Valley Meadows' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Botley Road homes' })).toHaveAttribute(
      'href',
      '/credit-requirements/q1',
    );
    // The operator has no outcomes of its own in a round.
    expect(screen.queryByRole('heading', { name: 'Your outcomes' })).toBeNull();
  });

  it('says nothing is waiting when every failed allocation was made good', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Settled',
          actions: [
            { id: 'OpenBidsAndOffers', title: 'Open bids and offers', enabled: false, reason: 'Not now' },
            { id: 'Comment', title: 'Comment', enabled: true },
          ],
        }),
      },
      'GET /api/round/r1/statement': NO_STATEMENT,
      [PARTICIPANTS]: { body: listOf([]) },
      'GET /api/round/r1/balancing': { body: { items: [] } },
    };
    showRound();
    await screen.findByText(/^Nothing is waiting: every allocation of a failed project has been made good/);
    expect(screen.queryByRole('table', { name: 'Units not replaced' })).toBeNull();
    // A settled round shows only what can still be done, not every refused step of its life.
    expect(screen.queryByRole('button', { name: 'Open bids and offers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeEnabled();
  });

  it('asks nothing of balancing before the match is accepted', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'OpenForBidsAndOffers' }) },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    server.received.length = 0;
    showRound();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Market balancing' })).toBeNull();
    expect(server.received.some((request) => request.path.includes('/balancing'))).toBe(false);
  });
});
