import type { ParticipantOutcome, RoundSolverTask } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OperatorRoundPage } from '../rounds/RoundPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { formatElapsed } from './MatchProgress.tsx';
import { OutcomeCard } from './OutcomeCard.tsx';

const PARTICIPANTS = 'GET /api/participations?roundId=r1&sort=organisation&order=asc&page=1&pageSize=25';

const taskOf = (overrides: Partial<RoundSolverTask> = {}): RoundSolverTask => ({
  id: 't1',
  self: '/solver/task/t1',
  status: 'Running',
  progress: { best: 123456.7, bound: 130000, gap: 0.0503, elapsedSeconds: 30 },
  timeLimitSeconds: 120,
  reason: null,
  queuedAt: '2026-03-01T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const showRound = () =>
  renderPage([{ path: '/markets/:marketId/round/:roundId', page: OperatorRoundPage }], {
    at: '/markets/m1/round/r1',
    apiBase: server.origin,
    user: operator,
  });

describe("matching on the operator's round page", () => {
  it('shows the running task: best surplus, bound, gap, elapsed against the limit; Cancel posts and reads again', async () => {
    let cancelled = false;
    server.routes = {
      'GET /api/round/r1': () => ({
        body: roundOf({
          id: 'r1',
          status: cancelled ? 'Failed' : 'Matching',
          latestTask: cancelled
            ? taskOf({ status: 'Cancelled', reason: 'Cancelled by the operator' })
            : taskOf(),
        }),
      }),
      'POST /api/solver/task/t1/cancel': () => {
        cancelled = true;
        return { body: { message: 'The task is cancelled' } };
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    const user = userEvent.setup();
    showRound();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Matching' }))
      .parentElement as HTMLElement;
    expect(section).toHaveTextContent('Solver: Running');
    expect(section).toHaveTextContent('Best surplus£123,457');
    expect(section).toHaveTextContent('Bound£130,000');
    expect(section).toHaveTextContent('Gap5.03%');
    expect(section).toHaveTextContent('Elapsed30 s of 120 s');
    const bar = within(section).getByRole('progressbar', { name: "Time used of the solver's time limit" });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(section).queryByRole('link', { name: 'Review matches' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel matching' }));
    await waitFor(() =>
      expect(server.received.map((r) => `${r.method} ${r.path}`)).toContain(
        'POST /api/solver/task/t1/cancel',
      ),
    );
    expect(await screen.findByText('Matching cancelled')).toBeInTheDocument();
    expect(screen.getByText('Cancelled by the operator')).toBeInTheDocument();
    expect(screen.getByText('Solver: Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel matching' })).not.toBeInTheDocument();
    const reads = server.received.filter((r) => r.method === 'GET' && r.path === '/api/round/r1');
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('reads the round again every 2 s while the task runs, and stops once the round is pending', async () => {
    let reads = 0;
    server.routes = {
      'GET /api/round/r1': () => {
        reads += 1;
        const done = reads >= 3;
        return {
          body: roundOf({
            id: 'r1',
            status: done ? 'Pending' : 'Matching',
            latestTask: done
              ? taskOf({
                  status: 'Succeeded',
                  progress: { best: 140000, bound: 140000, gap: 0, elapsedSeconds: 61 },
                })
              : taskOf({ progress: { best: 100000, bound: 150000, gap: 0.5, elapsedSeconds: 30 * reads } }),
          }),
        };
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    expect(await screen.findByText('30 s of 120 s')).toBeInTheDocument();
    expect(await screen.findByText('1 min 00 s of 120 s', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Review matches' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Solver: Finished')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(3);
  }, 15_000);

  it('shows why a failed task failed, without Cancel', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Failed',
          latestTask: taskOf({
            status: 'Failed',
            progress: null,
            reason: 'The solver found no answer within the time limit',
          }),
        }),
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    expect(await screen.findByText('The solver found no answer within the time limit')).toBeInTheDocument();
    expect(screen.getByText('Matching failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel matching' })).not.toBeInTheDocument();
  });

  it('links a pending round to its review', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Pending',
          latestTask: taskOf({ status: 'Succeeded', finishedAt: '2026-03-01T10:02:00.000Z' }),
        }),
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    expect(await screen.findByRole('link', { name: 'Review matches' })).toHaveAttribute(
      'href',
      '/markets/m1/round/r1/review',
    );
    expect(screen.queryByRole('button', { name: 'Cancel matching' })).not.toBeInTheDocument();
  });

  it('says a pending result came from a winners file, with its surplus and no solver figures', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Pending',
          latestTask: taskOf({
            status: 'Succeeded',
            imported: true,
            timeLimitSeconds: 0,
            progress: { best: 9300, bound: 9300, gap: 0, elapsedSeconds: 0 },
            finishedAt: '2026-03-01T10:00:00.000Z',
          }),
        }),
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    expect(await screen.findByText('Result imported from a winners file')).toBeInTheDocument();
    expect(screen.getByText('£9,300')).toBeInTheDocument();
    expect(screen.queryByText(/^Solver:/)).not.toBeInTheDocument();
    expect(screen.queryByText('Elapsed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review matches' })).toBeInTheDocument();
  });

  it('shows nothing of matching while bids and offers are open', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'OpenForBidsAndOffers', latestTask: null }) },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    await screen.findByRole('heading', { level: 1, name: 'Spring 2026' });
    expect(screen.queryByRole('heading', { name: 'Matching' })).not.toBeInTheDocument();
  });
});

let card: { outcome: ParticipantOutcome; side: 'project' | 'requirement' };
function OutcomeCardPage() {
  return <OutcomeCard outcome={card.outcome} side={card.side} />;
}

describe('outcome card', () => {
  const show = (outcome: ParticipantOutcome, side: 'project' | 'requirement') => {
    card = { outcome, side };
    renderPage([{ path: '/', page: OutcomeCardPage }], { at: '/', apiBase: server.origin, user: operator });
  };

  it("shows a winning project's units and what it receives with the fees inside", async () => {
    show(
      {
        won: true,
        units: [
          { creditType: 'Biodiversity', units: 12.345 },
          { creditType: 'NutrientMitigationNitrogen', units: 3.5 },
        ],
        amountPence: 1234567,
        feesPence: 12000,
        reason: null,
      },
      'project',
    );
    const card = await screen.findByRole('region', { name: 'Round outcome' });
    expect(card).toHaveTextContent('Won');
    expect(card).toHaveTextContent('Sells 12.35 Biodiversity, 3.50 Nitrogen units');
    expect(card).toHaveTextContent('Receives £12,346, of which fees £120');
    expect(card).not.toHaveTextContent('Lost');
  });

  it("shows a losing requirement's reason and no amounts", async () => {
    show(
      {
        won: false,
        units: [],
        amountPence: 0,
        feesPence: 0,
        reason: 'Your bid was below the cheapest supply',
      },
      'requirement',
    );
    const card = await screen.findByRole('region', { name: 'Round outcome' });
    expect(card).toHaveTextContent('Lost');
    expect(card).toHaveTextContent('Your bid was below the cheapest supply');
    expect(card).not.toHaveTextContent('Pays');
  });

  it('shows what a part-filled requirement receives and pays, and why it is only part-filled', async () => {
    show(
      {
        won: true,
        units: [{ creditType: 'Biodiversity', units: 5 }],
        amountPence: 50000,
        feesPence: 0,
        reason: 'Only part of your need could be met',
      },
      'requirement',
    );
    const card = await screen.findByRole('region', { name: 'Round outcome' });
    expect(card).toHaveTextContent('Receives 5.00 Biodiversity units');
    expect(card).toHaveTextContent('Pays £500');
    expect(card).toHaveTextContent('Only part of your need could be met');
  });
});

describe('formatElapsed', () => {
  it('gives a tenth of a second under ten seconds, whole seconds up to a minute, then minutes', () => {
    expect([0, 0.46, 9.99, 10, 42.7, 65, 600].map(formatElapsed)).toEqual([
      '0.0 s',
      '0.4 s',
      '9.9 s',
      '10 s',
      '42 s',
      '1 min 05 s',
      '10 min 00 s',
    ]);
  });
});
