import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { ParticipantHomePage } from '../organisations/ParticipantHomePage.tsx';
import {
  authoritiesPath,
  authorityOf,
  emptyFeeds,
  listOf,
  organisationOf,
  signedIn,
  userOf,
} from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { AgentClientPage, AgentHomePage } from './agentPages.tsx';

const agent = signedIn(['agent'], { id: 'a1', name: 'Fen Agents', type: 'AGENT' });
const participant = signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' });

const fenAgents = organisationOf({
  id: 'a1',
  type: 'AGENT',
  name: 'Fen Agents',
  actions: [
    { id: 'Update', title: 'Update organisation', enabled: true },
    { id: 'InviteUser', title: 'Invite user', enabled: true },
    { id: 'AddParticipantClient', title: 'Add participant client', enabled: true },
  ],
});
const wetland = organisationOf({
  id: 'o1',
  actions: [
    { id: 'Update', title: 'Update organisation', enabled: true },
    { id: 'InviteUser', title: 'Invite user', enabled: true },
    { id: 'ProvideAgentAuthority', title: 'Provide agent authority', enabled: true },
  ],
});
const pendingAuthority = authorityOf({
  id: 'aa1',
  approved: null,
  status: 'Pending',
  actions: [
    {
      id: 'SetApproval',
      title: 'Set approval',
      enabled: false,
      reason: 'Only the market operator can do this',
      byRole: true,
    },
    {
      id: 'ReplaceDocument',
      title: 'Replace document',
      enabled: false,
      reason: 'Only the market operator can replace the documents of a decided authority',
    },
  ],
});

const CLIENTS = 'GET /api/organisations?type=PARTICIPANT&sort=name&order=asc&page=1&pageSize=10';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

describe('agent area', () => {
  it('shows the agent its organisation, its clients and the authorities they gave it on its home page', async () => {
    server.routes = {
      ...emptyFeeds('a1'),
      'GET /api/organisation/a1': { body: fenAgents },
      'GET /api/organisation/a1/users': {
        body: listOf([userOf({ id: 'u9', displayName: 'Alex', groups: ['agent'] })]),
      },
      [CLIENTS]: { body: listOf([wetland]) },
      'GET /api/organisations?type=PARTICIPANT&q=wet&sort=name&order=asc&page=1&pageSize=10': {
        body: listOf([wetland]),
      },
      [authoritiesPath('agentId', 'a1')]: { body: listOf([pendingAuthority]) },
    };
    const user = userEvent.setup();
    renderPage([{ path: '/', page: AgentHomePage }], { at: '/', apiBase: server.origin, user: agent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fen Agents' })).toBeInTheDocument();
    expect(screen.getByText('Your organisation')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Morgan Member.')).toBeInTheDocument();
    // Home is the only crumb, so there are no breadcrumbs.
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).not.toBeInTheDocument();
    const bar = screen.getByRole('group', { name: 'Actions for Fen Agents' });
    expect(within(bar).getByRole('button', { name: 'Add participant client' })).toBeEnabled();

    const clients = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(clients).findByRole('link', { name: 'Wetland Trust' })).toHaveAttribute(
      'href',
      '/participants/o1',
    );
    const authorities = screen.getByRole('table', { name: 'Agent authorities' });
    const clientLink = await within(authorities).findByRole('link', { name: 'Wetland Trust' });
    expect(clientLink).toHaveAttribute('href', '/participants/o1');
    const row = clientLink.closest('tr');
    if (row === null) throw new Error('The authority has no row');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    // The operator's own actions are not shown to the agent; one it cannot take now says why.
    expect(within(row).queryByRole('button', { name: 'Set approval' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Replace document' })).toHaveAccessibleDescription(
      'Only the market operator can replace the documents of a decided authority',
    );

    // The clients list keeps its own state in the address, apart from the authorities list.
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'wet{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?clients.q=wet'));
    await waitFor(() =>
      expect(server.received.map((request) => request.path)).toContain(
        '/api/organisations?type=PARTICIPANT&q=wet&sort=name&order=asc&page=1&pageSize=10',
      ),
    );
  });

  it('names a client in the breadcrumbs and shows the authorities it gave, without its users', async () => {
    server.routes = {
      ...emptyFeeds('o1'),
      'GET /api/organisation/o1': { body: organisationOf({ id: 'o1' }) },
      [authoritiesPath('clientId', 'o1')]: { body: listOf([pendingAuthority]) },
    };
    renderPage([{ path: '/participants/:organisationId', page: AgentClientPage }], {
      at: '/participants/o1',
      apiBase: server.origin,
      user: agent,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(await within(trail).findByText('Wetland Trust')).toHaveAttribute('aria-current', 'page');
    const authorities = screen.getByRole('table', { name: 'Authorities given to you' });
    expect(await within(authorities).findByText('Fen Agents')).toBeInTheDocument();
    expect(server.received.map((request) => request.path)).not.toContain('/api/organisation/o1/users');
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user whose organisation is not an agency the plain home page', async () => {
    server.routes = { 'GET /api/organisation/o1': { body: wetland } };
    renderPage([{ path: '/', page: AgentHomePage }], { at: '/', apiBase: server.origin, user: participant });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    // Only the organisation's own details for its card; nothing of an agency.
    await waitFor(() =>
      expect(server.received.map((request) => request.path)).toEqual(['/api/organisation/o1']),
    );
  });
});

describe('participant home', () => {
  it('shows the participant its organisation with its actions, users and the authorities it gave agents', async () => {
    server.routes = {
      ...emptyFeeds('o1'),
      'GET /api/organisation/o1': { body: wetland },
      'GET /api/organisation/o1/users': { body: listOf([userOf({ id: 'u1', displayName: 'Sam' })]) },
      [authoritiesPath('clientId', 'o1')]: { body: listOf([authorityOf({ id: 'aa2' })]) },
    };
    renderPage([{ path: '/', page: ParticipantHomePage }], {
      at: '/',
      apiBase: server.origin,
      user: participant,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust' })).toBeInTheDocument();
    const bar = screen.getByRole('group', { name: 'Actions for Wetland Trust' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Update organisation', 'Provide agent authority']);
    const users = screen.getByRole('region', { name: 'Users' });
    expect(within(users).getByRole('button', { name: 'Invite user' })).toBeEnabled();
    expect(await within(users).findByRole('cell', { name: 'Sam' })).toBeInTheDocument();
    expect(within(users).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/organisation/o1/users?sort=displayName&order=asc&format=csv`,
    );
    const authorities = screen.getByRole('table', { name: 'Agent authorities' });
    // A participant cannot open an agency's page, so the agent is named without a link.
    expect(await within(authorities).findByText('Fen Agents')).not.toHaveAttribute('href');
    expect(within(authorities).queryByRole('link', { name: 'Fen Agents' })).not.toBeInTheDocument();
  });

  it("asks the client's member to confirm or decline an authority its agent filed, naming who uploaded it", async () => {
    const filedByAgent = authorityOf({
      id: 'aa3',
      approved: null,
      status: 'Pending',
      permissions: ['MakeOffersOrBids'],
      uploadedBy: { id: 'ua', displayName: 'Fred Fen', organisation: { id: 'a1', name: 'Fen Agents' } },
      clientConfirmation: { status: 'Pending', by: null, at: null },
      actions: [
        { id: 'ConfirmAuthority', title: 'Confirm authority', enabled: true },
        { id: 'DeclineAuthority', title: 'Decline authority', enabled: true },
      ],
    });
    const userless = authorityOf({
      id: 'aa4',
      marketRound: { id: 'r2', name: 'Autumn round 2025', status: 'Open' },
      clientConfirmation: { status: 'NotAsked', by: null, at: null },
      clientHasUsers: false,
    });
    server.routes = {
      ...emptyFeeds('o1'),
      'GET /api/organisation/o1': { body: wetland },
      'GET /api/organisation/o1/users': { body: listOf([userOf({ id: 'u1', displayName: 'Sam' })]) },
      [authoritiesPath('clientId', 'o1')]: { body: listOf([filedByAgent, userless]) },
    };
    renderPage([{ path: '/', page: ParticipantHomePage }], {
      at: '/',
      apiBase: server.origin,
      user: participant,
    });
    const authorities = await screen.findByRole('table', { name: 'Agent authorities' });
    expect(
      await screen.findByText('An authority filed for your organisation awaits your answer'),
    ).toBeInTheDocument();
    const [, filed, other] = within(authorities).getAllByRole('row');
    if (!filed || !other) throw new Error('Two authorities are listed');
    expect(within(filed).getByText('Awaiting the client')).toBeInTheDocument();
    expect(within(filed).getByText('Fred Fen')).toBeInTheDocument();
    expect(within(filed).getByRole('button', { name: 'Confirm authority' })).toBeEnabled();
    expect(within(filed).getByRole('button', { name: 'Decline authority' })).toBeEnabled();
    expect(within(other).getByText('Client has no users')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Confirm authority' })).not.toBeInTheDocument();
  });

  it('shows the participant the same page at /participants/{own id} as at home', async () => {
    server.routes = {
      ...emptyFeeds('o1'),
      'GET /api/organisation/o1': { body: wetland },
      'GET /api/organisation/o1/users': { body: listOf([userOf({ id: 'u1', displayName: 'Sam' })]) },
      [authoritiesPath('clientId', 'o1')]: { body: listOf([]) },
    };
    renderPage([{ path: '/participants/:organisationId', page: AgentClientPage }], {
      at: '/participants/o1',
      apiBase: server.origin,
      user: participant,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust' })).toBeInTheDocument();
    expect(screen.getByText('Your organisation')).toBeInTheDocument();
    expect(screen.getByText(/^Welcome, /)).toBeInTheDocument();
    const users = screen.getByRole('region', { name: 'Users' });
    expect(await within(users).findByRole('cell', { name: 'Sam' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByText('Wetland Trust')).toHaveAttribute('aria-current', 'page');
  });
});
