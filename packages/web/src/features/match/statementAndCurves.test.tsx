import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantRoundPage } from '../rounds/RoundPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { chartPoints, curveSummary } from './SupplyDemandChart.tsx';
import { reviewOf } from './testing/fixtures.ts';

const supplier = signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' });
const PARTICIPATIONS = 'GET /api/participations?roundId=r1&organisationId=o1';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

const curve = reviewOf().curves[0];
if (!curve) throw new Error('The fixture has a curve');

describe('supply and demand', () => {
  it('draws offers rising and bids falling as steps over cumulative units', () => {
    expect(chartPoints(curve)).toEqual([
      { units: 0, Offers: 147.57 },
      { units: 0, Bids: 250 },
      { units: 100, Bids: 250 },
      { units: 100, Bids: 200 },
      { units: 138.58, Offers: 147.57 },
      { units: 138.58, Offers: 900 },
      { units: 150, Bids: 200 },
      { units: 150, Bids: 10 },
      { units: 160, Bids: 10 },
      { units: 238.58, Offers: 900 },
    ]);
  });

  it('says in words what the chart shows', () => {
    expect(curveSummary(curve)).toBe(
      'Nitrogen: 2 offers for 238.58 units at £148 to £900 per unit; 3 bids for 160.00 units at £10 to £250 per unit; 120.50 units cleared.',
    );
  });
});

describe('the round statement on the round page', () => {
  it("shows a participant of a matched round the volumes, prices, winners and surplus, and no one's bid", async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Matched', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/outcomes': {
        body: {
          items: [
            {
              kind: 'project',
              record: { id: 'p1', name: 'Marsh Farm wetland', self: '/project/p1' },
              owner: { id: 'o1', name: 'Wetland Trust' },
              outcome: {
                won: true,
                units: [
                  { creditType: 'Biodiversity', units: 40 },
                  { creditType: 'NutrientMitigationNitrogen', units: 12.5 },
                ],
                amountPence: 3_000_000,
                feesPence: 150_000,
                reason: null,
              },
            },
            {
              kind: 'project',
              record: { id: 'p2', name: 'Hill Copse reedbed', self: '/project/p2' },
              owner: { id: 'o1', name: 'Wetland Trust' },
              outcome: {
                won: false,
                units: [],
                amountPence: 0,
                feesPence: 0,
                reason: 'Its offer was higher than any buyer would pay',
              },
            },
          ],
        },
      },
      'GET /api/round/r1/statement': {
        body: {
          round: { id: 'r1', name: 'Spring 2026', status: 'Matched' },
          acceptedAt: '2026-03-02T10:00:00.000Z',
          creditTypes: [
            {
              creditType: 'Biodiversity',
              units: 48.47,
              deliveredUnits: 39.41,
              lowestPricePerUnitPence: 2_000_000,
              highestPricePerUnitPence: 2_500_000,
            },
            {
              creditType: 'NutrientMitigationNitrogen',
              units: 120.5,
              deliveredUnits: 120.5,
              lowestPricePerUnitPence: 16_000,
              highestPricePerUnitPence: 21_000,
            },
          ],
          winningProjects: 1,
          winningRequirements: 2,
          surplusPence: 1_234_567,
          buyerShareOfSurplus: 0.5,
          buyersSurplusPence: 617_284,
          suppliersSurplusPence: 617_283,
        },
      },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    const heading = await screen.findByRole('heading', { name: 'Round statement' });
    const section = heading.parentElement as HTMLElement;
    const table = await within(section).findByRole('table', { name: 'Credits traded' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Credit type', 'Units sold', 'Units delivered after multipliers', 'Price paid per unit']);
    // Units sold count before the spatial multipliers, units delivered after them.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Biodiversity48.4739.41£20,000 to £25,000',
    );
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Nitrogen120.50120.50£160 to £210');
    expect(section).toHaveTextContent('Winning projects1');
    expect(section).toHaveTextContent('Matched credit requirements2');
    expect(section).toHaveTextContent('Surplus£12,346');
    expect(section).toHaveTextContent('Buyers £6,173 (50%), suppliers £6,173');
    expect(section).toHaveTextContent('Accepted on 2 Mar 2026.');

    const own = screen.getByRole('table', { name: 'Your outcomes' });
    // Every outcome is the reader's own organisation's, so no column names it.
    expect(within(own).queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
    const rows = within(own).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      'Marsh Farm wetlandWon40.00 Biodiversity, 12.50 NitrogenReceives £30,000',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Marsh Farm wetland' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(rows[2]).toHaveTextContent(
      'Hill Copse reedbedLost0.00Its offer was higher than any buyer would pay',
    );
  });

  it("names each client beside an agent's outcomes", async () => {
    const agent = signedIn(['agent'], { id: 'a1', name: 'Fen Agents', type: 'AGENT' });
    const line = (id: string, name: string, owner: { id: string; name: string }, won: boolean) => ({
      kind: 'requirement',
      record: { id, name, self: `/requirement/${id}` },
      owner,
      outcome: {
        won,
        units: [],
        amountPence: won ? 100_000 : 0,
        feesPence: 0,
        reason: won ? null : 'Outbid',
      },
    });
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Matched', actions: [] }) },
      'GET /api/round/r1/outcomes': {
        body: {
          items: [
            line('q1', 'Harbour flats', { id: 'o2', name: 'Harbour Homes' }, true),
            line('q2', 'Mill Lane', { id: 'o3', name: 'Greenshank Fund' }, false),
          ],
        },
      },
      'GET /api/round/r1/statement': { status: 404, body: { error: 'not_found', message: 'Not yet' } },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: agent,
    });
    const own = await screen.findByRole('table', { name: "Your clients' outcomes" });
    expect(screen.getByRole('heading', { name: "Your clients' outcomes" })).toBeInTheDocument();
    expect(within(own).getByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    const rows = within(own).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Harbour flatsHarbour HomesWon');
    expect(rows[2]).toHaveTextContent('Mill LaneGreenshank FundLost0.00Outbid');
  });

  it('shows nothing of a statement to someone the server does not give it to', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Matched', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/outcomes': { body: { items: [] } },
      'GET /api/round/r1/statement': {
        status: 404,
        body: { error: 'not_found', message: 'This market round does not exist or you cannot see it' },
      },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByRole('heading', { name: 'Your registration' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('heading', { name: 'Round statement' })).not.toBeInTheDocument();
    expect(screen.queryByText(/cannot see it/)).not.toBeInTheDocument();
    expect(
      await screen.findByText("You had no project or credit requirement in this round's matching."),
    ).toBeInTheDocument();
  });
});
