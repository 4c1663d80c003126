import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantProjectPage } from '../projects/ProjectPage.tsx';
import { projectOf, supplier } from '../projects/testing/fixtures.ts';
import { ParticipantRequirementPage } from '../requirements/RequirementPage.tsx';
import { emptyFeedsOf, requirementOf } from '../requirements/testing/fixtures.ts';
import { roundOf } from '../rounds/testing/fixtures.ts';

const buyer = signedIn(['participant'], { id: 'o2', name: 'Harbour Homes', type: 'PARTICIPANT' });

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

describe('own outcome on the project and requirement pages', () => {
  it('shows a supplier what its project won and receives', async () => {
    server.routes = {
      ...emptyFeedsOf('project', 'p1'),
      'GET /api/project/p1': {
        body: projectOf({
          id: 'p1',
          outcome: {
            won: true,
            units: [{ creditType: 'Biodiversity', units: 40 }],
            amountPence: 3_000_000,
            feesPence: 150_000,
            reason: null,
          },
        }),
      },
    };
    renderPage([{ path: '/projects/:id', page: ParticipantProjectPage }], {
      at: '/projects/p1',
      apiBase: server.origin,
      user: supplier,
    });
    const card = await screen.findByRole('region', { name: 'Round outcome' });
    expect(card).toHaveTextContent('Won');
    expect(card).toHaveTextContent('Sells 40.00 Biodiversity units');
    expect(card).toHaveTextContent('Receives £30,000, of which fees £1,500');
  });

  it('shows no outcome card on a project whose round has no accepted result', async () => {
    server.routes = {
      ...emptyFeedsOf('project', 'p1'),
      'GET /api/project/p1': { body: projectOf({ id: 'p1', outcome: null }) },
    };
    renderPage([{ path: '/projects/:id', page: ParticipantProjectPage }], {
      at: '/projects/p1',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Round outcome' })).not.toBeInTheDocument();
  });

  it('shows a buyer that its requirement lost, and why', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': {
        body: requirementOf({
          id: 'q1',
          status: 'Bid',
          outcome: {
            won: false,
            units: [],
            amountPence: 0,
            feesPence: 0,
            reason: 'No offer could meet it at its bid',
          },
        }),
      },
      'GET /api/round/r1': { body: roundOf({ id: 'r1' }) },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: buyer,
    });
    const card = await screen.findByRole('region', { name: 'Round outcome' });
    expect(card).toHaveTextContent('Lost');
    expect(card).toHaveTextContent('No offer could meet it at its bid');
    expect(card).not.toHaveTextContent('Pays');
  });
});
