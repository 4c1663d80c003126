import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OperatorRoundPage } from '../rounds/RoundPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { ReviewPage } from './ReviewPage.tsx';
import { reviewOf } from './testing/fixtures.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/round/r1': {
      body: roundOf({
        id: 'r1',
        status: 'Pending',
        actions: [
          { id: 'RejectMatch', title: 'Reject match', enabled: true },
          { id: 'AcceptMatch', title: 'Accept match', enabled: true },
        ],
      }),
    },
    'GET /api/match-review?roundId=r1': { body: reviewOf() },
    'GET /api/round/r2': {
      body: roundOf({
        id: 'r2',
        status: 'Matching',
        latestTask: {
          id: 't2',
          self: '/solver/task/t2',
          status: 'Running',
          progress: { best: 1000, bound: 1200, gap: 0.1667, elapsedSeconds: 12 },
          timeLimitSeconds: 120,
          reason: null,
          queuedAt: '2026-03-01T10:00:00.000Z',
          finishedAt: null,
        },
      }),
    },
    'GET /api/participations?roundId=r2&sort=organisation&order=asc&page=1&pageSize=25': { body: listOf([]) },
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

describe('review page accessibility', () => {
  it('has no axe violations on the review of matches', async () => {
    const { container } = renderPage(
      [{ path: '/markets/:marketId/round/:roundId/review', page: ReviewPage }],
      {
        at: '/markets/m1/round/r1/review',
        apiBase: server.origin,
        user: operator,
      },
    );
    await screen.findByRole('table', { name: 'Allocations' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on a round's live matching progress", async () => {
    const { container } = renderPage(
      [{ path: '/markets/:marketId/round/:roundId', page: OperatorRoundPage }],
      {
        at: '/markets/m1/round/r2',
        apiBase: server.origin,
        user: operator,
      },
    );
    await screen.findByRole('button', { name: 'Cancel matching' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);
});
