import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
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
  });
});
afterAll(() => server.close());

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
    // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      ),
    ).toEqual([]);
  }, 40_000);
});
