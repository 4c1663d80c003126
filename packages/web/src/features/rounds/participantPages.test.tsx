import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OpenRounds } from './HomeRounds.tsx';
import { ParticipationPage } from './ParticipationPage.tsx';
import { ParticipantRoundPage } from './RoundPage.tsx';
import { marketOf, participationOf, roundOf } from './testing/fixtures.ts';

const supplier = signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' });
const OWN = 'GET /api/participations?roundId=r1&organisationId=o1';
const OPEN_ROUNDS = 'GET /api/rounds?status=Open&sort=createdAt&order=desc&page=1&pageSize=25';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

describe("participant's round page", () => {
  it('shows the round and only its own registration, never other participants', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          actions: [
            { id: 'RegisterAsParticipant', title: 'Register', enabled: true, next: true },
            {
              id: 'Close',
              title: 'Close registration',
              enabled: false,
              reason: 'Only the market operator can do this',
              byRole: true,
            },
          ],
        }),
      },
      [OWN]: {
        body: listOf([
          participationOf({
            id: 'p1',
            status: 'Provisional',
            actions: [
              { id: 'Withdraw', title: 'Withdraw', enabled: true },
              {
                id: 'CompleteRegistration',
                title: 'Complete registration',
                enabled: false,
                reason: 'Only the market operator can do this',
                byRole: true,
              },
            ],
          }),
        ]),
      },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring 2026' })).toBeInTheDocument();
    const own = await screen.findByRole('heading', { name: 'Your registration' });
    const section = own.parentElement as HTMLElement;
    expect(await within(section).findByText('Provisional')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    // What the operator alone may do is not shown to a participant as a greyed-out button.
    expect(screen.queryByRole('button', { name: 'Close registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Registration windows' })).toHaveTextContent('Open now');
    expect(screen.queryByRole('table', { name: /Participants/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Credit reserve')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Data sets' })).not.toBeInTheDocument();
    expect(server.received.some((request) => request.path.includes('/participations?roundId=r1&sort'))).toBe(
      false,
    );
  });

  it('says so when the organisation has not registered', async () => {
    server.routes = { 'GET /api/round/r1': { body: roundOf({ id: 'r1' }) }, [OWN]: { body: listOf([]) } };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    expect(await screen.findByText('You have not registered for this round.')).toBeInTheDocument();
  });

  it('says when the round is out of reach', async () => {
    server.routes = {
      'GET /api/round/r9': { status: 404, body: { error: 'not_found', message: 'No such round' } },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r9',
      apiBase: server.origin,
      user: supplier,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Market round not found');
  });
});

describe('rounds open for registration', () => {
  it('lists each round with a link to its page', async () => {
    server.routes = { [OPEN_ROUNDS]: { body: listOf([roundOf({ id: 'r2', name: 'Autumn 2026' })]) } };
    renderPage([{ path: '/', page: OpenRounds }], { at: '/', apiBase: server.origin, user: supplier });
    await screen.findByRole('heading', { name: 'Rounds open for registration' });
    expect(await screen.findByRole('link', { name: 'Autumn 2026' })).toHaveAttribute(
      'href',
      '/markets/m1/round/r2',
    );
    expect(screen.queryByText('No rounds are open for registration at the moment.')).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    server.routes = { [OPEN_ROUNDS]: { body: listOf([]) } };
    renderPage([{ path: '/', page: OpenRounds }], { at: '/', apiBase: server.origin, user: supplier });
    expect(await screen.findByText('No rounds are open for registration at the moment.')).toBeInTheDocument();
  });

  it('says when the rounds could not be loaded', async () => {
    server.routes = {};
    renderPage([{ path: '/', page: OpenRounds }], { at: '/', apiBase: server.origin, user: supplier });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rounds open for registration could not be loaded',
    );
  });
});

describe("agent's view", () => {
  const agent = signedIn(['agent'], { id: 'a1', name: 'Fen Agents', type: 'AGENT' });

  it("shows its clients' registrations on the round page", async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1' }) },
      'GET /api/participations?roundId=r1': {
        body: listOf([
          participationOf({ id: 'p1', capacity: 'Buyer', agent: { id: 'a1', name: 'Fen Agents' } }),
        ]),
      },
    };
    renderPage([{ path: '/markets/:marketId/round/:roundId', page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: agent,
    });
    expect(await screen.findByRole('heading', { name: "Your clients' registrations" })).toBeInTheDocument();
    expect(await screen.findByText(/Wetland Trust, Buyer/)).toBeInTheDocument();
  });
});

describe('participation page', () => {
  it('shows the participation, its actions, comments and history, with market and round in the breadcrumbs', async () => {
    server.routes = {
      'GET /api/participation/p2': {
        body: participationOf({
          id: 'p2',
          status: 'Withdrawn',
          previousStatus: 'Provisional',
          agent: { id: 'a1', name: 'Fen Agents' },
          actions: [
            { id: 'Reinstate', title: 'Reinstate', enabled: true, next: true },
            {
              id: 'CompleteRegistration',
              title: 'Complete registration',
              enabled: false,
              reason: 'Withdrawn',
            },
          ],
        }),
      },
      'GET /api/market/m1': { body: marketOf({ id: 'm1' }) },
      'GET /api/comments?subjectType=participation&subjectId=p2&page=1&pageSize=10': { body: listOf([]) },
      'GET /api/activity?subjectType=participation&subjectId=p2&page=1&pageSize=10': { body: listOf([]) },
    };
    renderPage(
      [{ path: '/markets/:marketId/round/:roundId/participation/:participationId', page: ParticipationPage }],
      { at: '/markets/m1/round/r1/participation/p2', apiBase: server.origin, user: operator },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust' })).toBeInTheDocument();
    expect(screen.getByText('Withdrawn (was Provisional)')).toBeInTheDocument();
    expect(screen.getByText('Fen Agents')).toBeInTheDocument();
    // Reinstate is the withdrawn registration's next step; a step of another status is not shown.
    const next = screen.getByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Reinstate' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Complete registration' })).not.toBeInTheDocument();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await within(crumbs).findByText('Solent nutrients')).toBeInTheDocument();
    expect(crumbs).toHaveTextContent('Spring 2026');
  });
});
