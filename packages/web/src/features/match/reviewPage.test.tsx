import { buildActionFormData, rejectMatch } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { ReviewPage, requirementResult } from './ReviewPage.tsx';
import { reviewOf } from './testing/fixtures.ts';

const REVIEW = 'GET /api/match-review?roundId=r1';
const decisions = [
  { id: 'RejectMatch', title: 'Reject match', enabled: true },
  { id: 'AcceptMatch', title: 'Accept match', enabled: true },
  { id: 'Match', title: 'Match', enabled: false, reason: 'The round is pending' },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
// The action panel is its own chunk; loading it once up front keeps the dialog test within its time.
beforeAll(() => import('../../actions/ActionPanel.tsx'), 120_000);
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const show = () =>
  renderPage([{ path: '/markets/:marketId/round/:roundId/review', page: ReviewPage }], {
    at: '/markets/m1/round/r1/review',
    apiBase: server.origin,
    user: operator,
  });

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('review of matches', () => {
  it('shows the headline, winners and losers with their reasons, the allocations and what stayed out', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Pending', actions: decisions }) },
      [REVIEW]: { body: reviewOf() },
    };
    show();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review of Spring 2026' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Headline' });
    expect(screen.getByText('Surplus').parentElement).toHaveTextContent(
      'Surplus£12,346Buyers £6,173 (50%), suppliers £6,173',
    );
    expect(screen.getByText('Volume traded').parentElement).toHaveTextContent(
      'Sold: Biodiversity: 4.00 units; Nitrogen: 120.50 unitsDelivered after multipliers: Biodiversity: 3.00 units; Nitrogen: 120.50 units',
    );
    expect(screen.getByText('Gap').parentElement).toHaveTextContent('0%Proven optimal');
    expect(screen.getByText('Fees collected').parentElement).toHaveTextContent('£450');
    expect(screen.getByText('Reserve created').parentElement).toHaveTextContent('Nitrogen: 18.08 units');

    const winners = screen.getByRole('table', { name: 'Winning projects' });
    const marsh = rowOf(winners, 'Marsh Farm wetland');
    expect(marsh).toHaveTextContent('Wetland Trust');
    expect(marsh).toHaveTextContent('Won');
    // What it receives, split: its offer, its fees and its share of the surplus; and why it won.
    expect(marsh).toHaveTextContent(
      '138.58 Nitrogen18.08 Nitrogen£20,000£450£4,550£25,000Won: it sells 138.58 of its 150.00',
    );
    expect(marsh).toHaveTextContent('plus £4,550, its share of the surplus.');
    expect(within(winners).queryByText('Hill Copse reedbed')).not.toBeInTheDocument();
    expect(within(marsh).getByRole('link', { name: 'Marsh Farm wetland' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );

    const losers = screen.getByRole('table', { name: 'Losing projects' });
    const hill = rowOf(losers, 'Hill Copse reedbed');
    expect(hill).toHaveTextContent('Lost');
    expect(hill).toHaveTextContent('Its offer was higher than any buyer would pay');
    expect(within(losers).queryByText('Marsh Farm wetland')).not.toBeInTheDocument();

    const filled = screen.getByRole('table', { name: 'Winning requirements' });
    const harbour = rowOf(filled, 'Harbour View homes');
    expect(harbour).toHaveTextContent(
      'Harbour HomesNitrogenWon100.00£25,000£4,000£21,000Met in full: it receives 100.00 units',
    );
    expect(harbour).toHaveTextContent('It pays its bid less £4,000, its share of the surplus.');
    const part = rowOf(filled, 'Mill Lane flats');
    expect(part).toHaveTextContent('Part-filled (41%)');
    expect(part).toHaveTextContent('20.50');
    expect(part).toHaveTextContent('£4,000');
    expect(part).toHaveTextContent('Only part of it could be met within its bid');
    expect(within(filled).queryByText('Quay Street offices')).not.toBeInTheDocument();
    const lost = screen.getByRole('table', { name: 'Losing requirements' });
    expect(rowOf(lost, 'Quay Street offices')).toHaveTextContent('Quay HoldingsNitrogenLost0.00£100£0£0');
    expect(rowOf(lost, 'Quay Street offices')).toHaveTextContent('No offer could meet it at its bid');
    expect(within(lost).getAllByRole('row')).toHaveLength(2);

    const allocations = screen.getByRole('table', { name: 'Allocations' });
    const lines = within(allocations).getAllByRole('row').slice(1);
    expect(
      within(allocations)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Project',
      'Requirement',
      'Credit type',
      'Units sold',
      'Multiplier',
      'Units delivered',
      'Year',
    ]);
    expect(lines.map((row) => row.textContent)).toEqual([
      'Marsh Farm wetlandHarbour View homesNitrogen100.001 (Same subcatchment)100.002027',
      'Marsh Farm wetlandMill Lane flatsNitrogen20.501 (Same subcatchment)20.502028',
      'Beech Hanger meadowChurch Lane homesBiodiversity4.000.75 (Neighbouring NCA)3.002027',
    ]);

    expect(screen.getByRole('list', { name: 'Not in the clearing' })).toHaveTextContent(
      'Requirement Old Mill barns: It has no bid',
    );
    expect(screen.getByRole('button', { name: 'Reject match' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Accept match' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Match' })).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    await waitFor(() => expect(crumbs).toHaveTextContent('Solent nutrients'));
    expect(crumbs).toHaveTextContent('Spring 2026');
    expect(screen.queryByText('r1')).not.toBeInTheDocument();
  });

  it("rejects the result with a reason through the round's RejectMatch, then says who rejected it and why", async () => {
    let rejected = false;
    server.routes = {
      'GET /api/round/r1': () => ({
        body: roundOf({
          id: 'r1',
          status: rejected ? 'Rejected' : 'Pending',
          actions: rejected
            ? [{ id: 'RejectMatch', title: 'Reject match', enabled: false, reason: 'The round is rejected' }]
            : decisions,
        }),
      }),
      [REVIEW]: () => ({
        body: reviewOf(
          rejected
            ? {
                decision: {
                  outcome: 'Rejected',
                  at: '2026-11-20T10:15:00.000Z',
                  by: 'Olivia Operator',
                  reason: 'Prices look wrong',
                },
              }
            : {},
        ),
      }),
      'GET /api/round/r1/action/RejectMatch': { body: buildActionFormData(rejectMatch) },
      'POST /api/round/r1/action/RejectMatch': () => {
        rejected = true;
        return { body: { context: { id: 'r1', self: '/round/r1' } } };
      },
    };
    const user = userEvent.setup();
    show();
    await screen.findByRole('table', { name: 'Allocations' });
    expect(screen.queryByText('Result rejected')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject match' }));
    // The first dialog of a run shows a loading frame while the panel's code loads, then the panel's own.
    const form = await screen.findByRole('form', { name: 'Reject match' }, { timeout: 30_000 });
    const dialog = form.closest('[role="dialog"]') as HTMLElement;
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Prices look wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(rejected).toBe(true));
    const post = server.received.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ reason: 'Prices look wrong' });
    const banner = (await screen.findByText('Result rejected')).closest('[role="alert"]') as HTMLElement;
    expect(banner).toHaveTextContent('Rejected on 20 Nov 2026 by Olivia Operator: Prices look wrong');
    expect(screen.queryByRole('button', { name: 'Reject match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept match' })).not.toBeInTheDocument();
  }, 60_000);

  it('says who accepted an accepted result and when, without Accept or Reject', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Matched',
          actions: decisions.map((action) => ({ ...action, enabled: false, reason: 'The round is matched' })),
        }),
      },
      [REVIEW]: {
        body: reviewOf({
          round: { id: 'r1', name: 'Spring 2026', status: 'Matched' },
          decision: {
            outcome: 'Accepted',
            at: '2026-11-02T09:00:00.000Z',
            by: 'Olivia Operator',
            reason: null,
          },
        }),
      },
    };
    show();
    const banner = (await screen.findByText('Result accepted')).closest('[role="alert"]') as HTMLElement;
    expect(banner).toHaveTextContent('Result acceptedAccepted on 2 Nov 2026 by Olivia Operator');
    expect(screen.getByRole('table', { name: 'Allocations' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject match' })).not.toBeInTheDocument();
  });

  it('says when a result is only the best found, not proven optimal', async () => {
    const base = reviewOf();
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Pending', actions: decisions }) },
      [REVIEW]: {
        body: reviewOf({
          headline: { ...base.headline, resultStatus: 'Feasible', optimal: false, gap: 0.0125 },
        }),
      },
    };
    show();
    const gap = (await screen.findByText('Gap')).parentElement as HTMLElement;
    expect(gap).toHaveTextContent('1.25%Best found, not proven optimal');
  });

  it('says when the round has no matching result to review (409)', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'ClosedForBidsAndOffers' }) },
      [REVIEW]: {
        status: 409,
        body: { error: 'invalid_status', message: 'This round has no matching result to review' },
      },
    };
    show();
    expect(await screen.findByText('This round has no matching result to review')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Headline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept match' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Spring 2026' })).toHaveAttribute(
      'href',
      '/markets/m1/round/r1',
    );
  });

  it('says when nothing entered the clearing', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Pending', actions: decisions }) },
      [REVIEW]: { body: reviewOf({ projects: [], requirements: [], allocations: [] }) },
    };
    show();
    expect(await screen.findByText('No offers or bids entered the clearing.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Not in the clearing' })).toHaveTextContent('Old Mill barns');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the result could not be loaded, with Retry', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Pending' }) },
      [REVIEW]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    show();
    const title = await screen.findByText('The matching result could not be loaded');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Something went wrong');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a requirement result', () => {
  it('gives a part-fill to the hundredth, rounded down so that it never reads 100 %', () => {
    const part = (fill: number) => requirementResult({ won: true, partFilled: true, fill });
    expect([0.41, 0.969_230_7, 0.999_96].map(part)).toEqual([
      'Part-filled (41%)',
      'Part-filled (96.92%)',
      'Part-filled (99.99%)',
    ]);
    expect(requirementResult({ won: true, partFilled: false, fill: 1 })).toBe('Won');
    expect(requirementResult({ won: false, partFilled: false, fill: 0 })).toBe('Lost');
  });
});
