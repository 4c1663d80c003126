import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { MarketPage } from './MarketPage.tsx';
import { MarketsPage } from './MarketsPage.tsx';
import { OperatorRoundPage, ParticipantRoundPage } from './RoundPage.tsx';
import { marketOf, participationOf, roundOf } from './testing/fixtures.ts';

const actions = [
  { id: 'Close', title: 'Close registration', enabled: true },
  { id: 'OpenBidsAndOffers', title: 'Open bids and offers', enabled: false, reason: 'Registration is open' },
  { id: 'AddDeclarations', title: 'Add declarations', enabled: true },
  { id: 'RemoveDeclaration', title: 'Remove declaration', enabled: true },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/markets?sort=name&order=asc&page=1&pageSize=25': {
      body: listOf(
        [
          marketOf({
            id: 'm1',
            latestRound: { id: 'r1', self: '/round/r1', name: 'Spring 2026', status: 'Open' },
          }),
        ],
        { actions: [{ id: 'CreateMarket', title: 'Add market', enabled: true }] },
      ),
    },
    'GET /api/market/m1': { body: marketOf({ id: 'm1' }) },
    'GET /api/rounds?marketId=m1&sort=createdAt&order=desc&page=1&pageSize=25': {
      body: listOf([roundOf({ id: 'r1' })], {
        actions: [{ id: 'CreateRound', title: 'Add market round', enabled: true }],
      }),
    },
    'GET /api/round/r1': { body: roundOf({ id: 'r1', actions }) },
    'GET /api/participations?roundId=r1&sort=organisation&order=asc&page=1&pageSize=25': {
      body: listOf([participationOf({ id: 'p1' })]),
    },
    'GET /api/participations?roundId=r1&organisationId=o1': { body: listOf([participationOf({ id: 'p1' })]) },
  });
});
afterAll(() => server.close());

const violations = async (container: HTMLElement) => {
  // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
};

describe('market and round pages accessibility', () => {
  it('has no axe violations on the markets list', async () => {
    const { container } = renderPage([{ path: '/markets', page: MarketsPage }], {
      at: '/markets',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Spring 2026' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it('has no axe violations on a market with its rounds', async () => {
    const { container } = renderPage([{ path: '/markets/:marketId', page: MarketPage }], {
      at: '/markets/m1',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Spring 2026' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the operator's round page", async () => {
    const { container } = renderPage(
      [{ path: '/markets/:marketId/round/:roundId', page: OperatorRoundPage }],
      {
        at: '/markets/m1/round/r1',
        apiBase: server.origin,
        user: operator,
      },
    );
    await screen.findByRole('link', { name: 'Wetland Trust' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the participant's round page", async () => {
    const { container } = renderPage(
      [{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }],
      {
        at: '/markets/m1/round/r1',
        apiBase: server.origin,
        user: signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' }),
      },
    );
    await screen.findByRole('heading', { name: 'Your registration' });
    await screen.findByText('Registered');
    expect(await violations(container)).toEqual([]);
  }, 40_000);
});
