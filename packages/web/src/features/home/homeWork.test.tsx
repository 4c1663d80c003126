import type { AgentHome, HomeRecord, OperatorHome } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OperatorWork } from './OperatorWork.tsx';
import { AgentWork, ParticipantWork } from './ParticipantWork.tsx';

const record = (overrides: Partial<HomeRecord>): HomeRecord => ({
  kind: 'project',
  id: 'p1',
  name: 'Meadow restoration',
  status: 'Certified',
  owner: { id: 'org-1', name: 'Wetland Trust' },
  round: { id: 'r1', name: 'Round 3 2025', marketId: 'm1', status: 'OpenForBidsAndOffers' },
  nextStep: { actionId: 'SetOffer', label: 'Make your offer' },
  deadline: null,
  ...overrides,
});

const forbidden = { status: 403, body: { error: 'forbidden', message: 'This home is for participants' } };

describe('home work lists', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());
  const show = (page: () => ReactElement, groups: Parameters<typeof userWith>[0] = ['participant']) =>
    renderPage([{ path: '/', page }], { at: '/', apiBase: server.origin, user: userWith(groups) });

  it("shows a participant's records with their next step, its page and the deadline", async () => {
    server.routes = {
      'GET /api/home/participant': {
        body: {
          records: [
            record({}),
            record({
              kind: 'participation',
              id: 'pa1',
              name: 'Round 4 2026 (Supplier)',
              status: 'Interested',
              nextStep: { actionId: 'Register', label: 'Register as a participant' },
              deadline: '2026-12-02',
              round: { id: 'r4', name: 'Round 4 2026', marketId: 'm1', status: 'Open' },
            }),
            record({
              kind: 'requirement',
              id: 'q1',
              name: 'Barn conversion',
              status: 'Registered',
              nextStep: null,
            }),
          ],
        },
      },
    };
    show(ParticipantWork);
    const table = await screen.findByRole('table', { name: 'Your records and their next steps' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Meadow restorationProject', 'Round 3 2025', 'Certified', 'Make your offer', '—'],
      [
        'Round 4 2026 (Supplier)Round registration',
        'Round 4 2026',
        'Interested',
        'Register as a participant',
        'By 2 Dec 2026',
      ],
      ['Barn conversionCredit requirement', 'Round 3 2025', 'Registered', 'Nothing to do now', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Make your offer: Meadow restoration' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(
      screen.getByRole('link', { name: 'Register as a participant: Round 4 2026 (Supplier)' }),
    ).toHaveAttribute('href', '/markets/m1/round/r4');
    expect(screen.queryByText('Withdraw')).not.toBeInTheDocument();
  });

  it('says so when a participant has no records, and shows the failure with Retry', async () => {
    server.routes = { 'GET /api/home/participant': { body: { records: [] } } };
    const first = show(ParticipantWork);
    expect(
      await screen.findByText('You have no projects, credit requirements or round registrations yet.'),
    ).toBeInTheDocument();
    first.unmount();
    server.routes = { 'GET /api/home/participant': forbidden };
    show(ParticipantWork);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your work could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('This home is for participants')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a skeleton while the work list loads', async () => {
    server.routes = { 'GET /api/home/participant': { body: { records: [] }, delayMs: 2000 } };
    show(ParticipantWork);
    expect(screen.getByLabelText('Loading your work')).toBeInTheDocument();
  });

  it("shows an agent's clients with the authority that allows what, and each client's records", async () => {
    const body: AgentHome = {
      clients: [
        {
          id: 'c1',
          name: 'Client Farm',
          authorities: [
            {
              round: { id: 'r1', name: 'Round 3 2025', marketId: 'm1' },
              permissions: ['MakeOffersOrBids', 'RegisterForRound'],
            },
          ],
          records: [record({ owner: { id: 'c1', name: 'Client Farm' } })],
        },
        { id: 'c2', name: 'Quiet Estate', authorities: [], records: [] },
      ],
    };
    server.routes = { 'GET /api/home/agent': { body } };
    show(AgentWork, ['agent']);
    const farm = await screen.findByRole('region', { name: 'Client Farm' });
    expect(within(farm).getByRole('list', { name: 'Your authority for Client Farm' })).toHaveTextContent(
      'Round 3 2025: Make offers or bids and Register for round',
    );
    expect(
      within(farm).getByRole('link', { name: 'Make your offer: Meadow restoration' }),
    ).toBeInTheDocument();
    const quiet = screen.getByRole('region', { name: 'Quiet Estate' });
    expect(within(quiet).getByText('You hold no approved authority for this client.')).toBeInTheDocument();
    expect(within(quiet).getByText('No records of this client in a round you act in.')).toBeInTheDocument();
  });

  it('tells an agent without clients so', async () => {
    server.routes = { 'GET /api/home/agent': { body: { clients: [] } } };
    show(AgentWork, ['agent']);
    expect(await screen.findByText('You have no clients yet.')).toBeInTheDocument();
  });

  it("lists the operator's work with the page to act on, and each round's counts", async () => {
    const body: OperatorHome = {
      attention: [
        {
          kind: 'WindowClosing',
          label: 'Registration of projects closes',
          subject: 'Round 4 2026',
          detail: 'Closes on 2 Dec 2026',
          link: '/markets/m1/round/r4',
          due: '2026-12-02',
        },
        {
          kind: 'ScreenProject',
          label: 'Screen the project',
          subject: 'Meadow restoration',
          detail: 'Round 4 2026',
          link: '/projects/p1',
          due: null,
        },
      ],
      rounds: [
        {
          round: { id: 'r4', name: 'Round 4 2026', marketId: 'm1', status: 'Open' },
          marketName: 'Solent',
          participants: 5,
          projectsOffered: 0,
          requirementsBid: 0,
        },
      ],
    };
    server.routes = { 'GET /api/home/operator': { body } };
    show(OperatorWork, ['admin']);
    expect(
      await screen.findByRole('link', { name: 'Screen the project: Meadow restoration' }),
    ).toHaveAttribute('href', '/projects/p1');
    expect(
      screen.getByRole('link', { name: 'Registration of projects closes: Round 4 2026' }),
    ).toHaveAttribute('href', '/markets/m1/round/r4');
    expect(screen.getByText('2 Dec 2026')).toBeInTheDocument();
    const rounds = screen.getByRole('table', {
      name: 'Participants, projects offered and credit requirements bid in each round',
    });
    expect(
      within(rounds)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Round 4 2026Solent', 'Open for registration', '5', '0', '0']);
  });

  it('tells the operator when nothing needs attention and no round is under way', async () => {
    server.routes = { 'GET /api/home/operator': { body: { attention: [], rounds: [] } } };
    show(OperatorWork, ['admin']);
    expect(await screen.findByText('Nothing needs your attention now.')).toBeInTheDocument();
    expect(screen.getByText('No round is under way.')).toBeInTheDocument();
  });
});
