import {
  buildActionFormData,
  createOperatorOrganisation,
  disableUser,
  type EntityAction,
  updateOrganisation,
} from '@curlew/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { OperatorPage, OperatorsPage, ParticipantPage } from './adminPages.tsx';
import {
  authoritiesPath,
  authorityOf,
  emptyFeeds,
  listOf,
  operator,
  organisationOf,
  userOf,
} from './testing/fixtures.ts';
import { renderPage } from './testing/renderPage.tsx';

const PARTICIPANT_ACTIONS: EntityAction[] = [
  { id: 'Update', title: 'Update organisation', enabled: true },
  { id: 'Comment', title: 'Comment', enabled: false, reason: 'Comments are closed' },
  { id: 'InviteUser', title: 'Invite user', enabled: true },
  {
    id: 'RegisterAsParticipant',
    title: 'Register for a market round',
    enabled: false,
    reason: 'No market round is open for registration',
  },
  { id: 'ProvideAgentAuthority', title: 'Provide agent authority', enabled: true },
];

const wetland = organisationOf({ id: 'o1', actions: PARTICIPANT_ACTIONS });

const USERS = [
  userOf({
    id: 'u1',
    displayName: 'Sam',
    actions: [
      { id: 'Disable', title: 'Disable user', enabled: true },
      {
        id: 'Enable',
        title: 'Enable user',
        enabled: false,
        reason: 'Enable user is not allowed when Active',
      },
      { id: 'ForcePasswordReset', title: 'Force password reset', enabled: true },
    ],
  }),
  userOf({ id: 'u2', displayName: 'Pat', disabled: true }),
  userOf({
    id: 'u3',
    displayName: 'Robin',
    invitationPending: true,
    confirmed: false,
    actions: [
      { id: 'Disable', title: 'Disable user', enabled: true },
      {
        id: 'Enable',
        title: 'Enable user',
        enabled: false,
        reason: 'Enable user is not allowed when Active',
      },
      { id: 'ForcePasswordReset', title: 'Force password reset', enabled: true },
    ],
  }),
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
  // The side panel's code loads with the first action opened; load it here so no test pays for compiling it.
  await import('../../actions/ActionPanel.tsx');
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  notifications.clean();
});

const participantRoutes = () => ({
  ...emptyFeeds('o1'),
  'GET /api/organisation/o1': { body: wetland },
  'GET /api/organisation/o1/users': { body: listOf(USERS) },
  [authoritiesPath('clientId', 'o1')]: {
    body: listOf([authorityOf({ id: 'aa1', permissions: ['RegisterForRound', 'MakeOffersOrBids'] })]),
  },
});

const showParticipant = (id = 'o1') =>
  renderPage([{ path: '/participants/:organisationId', page: ParticipantPage }], {
    at: `/participants/${id}`,
    apiBase: server.origin,
    user: operator,
  });

const requested = (path: string) => server.received.filter((request) => request.path === path).length;

describe('admin organisation page', () => {
  it("fills the breadcrumbs and title with the organisation's name and shows its details, users and authorities", async () => {
    server.routes = participantRoutes();
    showParticipant();
    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Participants', '/participants'],
    ]);
    expect(within(trail).getByText('Wetland Trust')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Wetland Trust - Curlew');

    expect(
      screen.getByText('1 Fen Lane\nEly', { collapseWhitespace: false, trim: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'info@wetland.example' })).toHaveAttribute(
      'href',
      'mailto:info@wetland.example',
    );

    const users = await screen.findByRole('table', { name: 'Users of Wetland Trust' });
    const statuses = within(users)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getAllByRole('cell')[0]?.textContent,
        within(row).getAllByRole('cell')[4]?.textContent,
      ]);
    expect(statuses).toEqual([
      ['Sam', 'Active'],
      ['Pat', 'Disabled'],
      ['Robin', 'Invitation pending'],
    ]);

    const authorities = await screen.findByRole('table', { name: 'Agent authorities' });
    const agentLink = await within(authorities).findByRole('link', { name: 'Fen Agents' });
    expect(agentLink).toHaveAttribute('href', '/agencies/a1');
    const authority = agentLink.closest('tr');
    if (authority === null) throw new Error('The authority has no row');
    expect(authority).toHaveTextContent('Register for round, Make offers or bids');
    expect(within(authority).getByText('Approved')).toBeInTheDocument();
    expect(
      within(authority).getByRole('link', { name: 'Authority to act, Solent round 2025' }),
    ).toHaveAttribute('href', `${server.origin}/api/file/f1/download?ownerType=agent-authority&ownerId=aa1`);
  });

  it('shows the actions the server lists: the title bar leaves Comment to the comments and InviteUser to the users', async () => {
    server.routes = participantRoutes();
    showParticipant();
    const bar = await screen.findByRole('group', { name: 'Actions for Wetland Trust' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Update organisation', 'Register for a market round', 'Provide agent authority']);
    expect(
      within(bar).getByRole('button', { name: 'Register for a market round' }),
    ).toHaveAccessibleDescription('No market round is open for registration');
    const usersSection = screen.getByRole('region', { name: 'Users' });
    expect(within(usersSection).getByRole('button', { name: 'Invite user' })).toBeEnabled();
  });

  it('refreshes the page after Update succeeds, so the new name shows in the title and breadcrumbs', async () => {
    let current = wetland;
    server.routes = {
      ...participantRoutes(),
      'GET /api/organisation/o1': () => ({ body: current }),
      'GET /api/organisation/o1/action/Update': {
        body: buildActionFormData(updateOrganisation, {
          initialValues: {
            name: 'Wetland Trust',
            type: 'PARTICIPANT',
            contact: 'Sam Supplier',
            email: 'info@wetland.example',
            phone: '+447700900123',
            mailingAddress: '1 Fen Lane, Ely',
          },
        }),
      },
      'POST /api/organisation/o1/action/Update': (request) => {
        const values = JSON.parse(request.body) as { name: string };
        current = { ...current, name: values.name };
        return { body: {} };
      },
    };
    const user = userEvent.setup();
    showParticipant();
    await user.click(await screen.findByRole('button', { name: 'Update organisation' }));
    const form = await screen.findByRole('form', { name: 'Update organisation' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    // Pasting rather than typing keeps the test quick: the form validates on every keystroke.
    await user.paste('Wetland Trust CIC');
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wetland Trust CIC' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await within(trail).findByText('Wetland Trust CIC')).toHaveAttribute('aria-current', 'page');
    // The activity feed and users on the page are asked again too.
    await waitFor(() =>
      expect(requested('/api/activity?subjectType=organisation&subjectId=o1&page=1&pageSize=10')).toBe(2),
    );
    expect(requested('/api/organisation/o1/users')).toBe(2);
  }, 40_000);

  it('lets the operator disable a user, then shows the account as disabled', async () => {
    let sam = USERS[0];
    server.routes = {
      ...participantRoutes(),
      'GET /api/organisation/o1/users': () => ({ body: listOf([sam, ...USERS.slice(1)]) }),
      'GET /api/user/u1/action/Disable': { body: buildActionFormData(disableUser) },
      'POST /api/user/u1/action/Disable': () => {
        if (sam !== undefined) sam = { ...sam, disabled: true, actions: [] };
        return { body: {} };
      },
    };
    const user = userEvent.setup();
    showParticipant();
    const actions = await screen.findByRole('group', { name: 'Account actions for Sam' });
    // Only the toggle that applies: an active account is not offered Enable.
    expect(within(actions).queryByRole('button', { name: 'Enable user' })).not.toBeInTheDocument();
    // An invitation not yet accepted: no password to reset, and the toggles wait with a reason in words.
    const robin = screen.getByRole('group', { name: 'Account actions for Robin' });
    expect(within(robin).queryByRole('button', { name: 'Force password reset' })).not.toBeInTheDocument();
    expect(within(robin).queryByRole('button', { name: 'Enable user' })).not.toBeInTheDocument();
    expect(within(robin).getByRole('button', { name: 'Disable user' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(document.body).toHaveTextContent('Available once the invitation has been accepted');
    expect(document.body).not.toHaveTextContent('not allowed when');
    await user.click(within(actions).getByRole('button', { name: 'Disable user' }));
    const form = await screen.findByRole('form', { name: 'Disable user' });
    await user.click(within(form).getByRole('button', { name: 'Disable' }));
    const users = screen.getByRole('table', { name: 'Users of Wetland Trust' });
    await waitFor(() => expect(within(users).getAllByText('Disabled')).toHaveLength(2));
  });

  it('says when the organisation does not exist or is out of reach', async () => {
    server.routes = {
      ...emptyFeeds('o404'),
      'GET /api/organisation/o404': {
        status: 404,
        body: { error: 'not_found', message: 'No organisation o404' },
      },
    };
    showParticipant('o404');
    await screen.findByRole('heading', { level: 1, name: 'Sorry' });
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'We could not find this organisation. It may have been removed, or you may not have access to it.',
      ),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('No organisation');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).not.toBeInTheDocument();
    expect(requested('/api/organisation/o404')).toBe(1);
  });

  it('shows an organisation of another type than its address promises as not found', async () => {
    server.routes = {
      ...emptyFeeds('a1'),
      'GET /api/organisation/a1': { body: organisationOf({ id: 'a1', type: 'AGENT', name: 'Heron Agents' }) },
    };
    showParticipant('a1');
    await screen.findByRole('heading', { level: 1, name: 'Sorry' });
    expect(screen.queryByText('Heron Agents')).not.toBeInTheDocument();
  });
});

describe('admin organisation list', () => {
  it('lists the organisations of its type and opens a created one on its own page', async () => {
    server.routes = {
      'GET /api/organisations?type=OPER&sort=name&order=asc&page=1&pageSize=25': {
        body: listOf([organisationOf({ id: 'op1', type: 'OPER', name: 'Curlew Markets' })], {
          actions: [{ id: 'CreateOperator', title: 'Add market operator', enabled: true }],
        }),
      },
      'GET /api/organisations/action/CreateOperator': {
        body: buildActionFormData(createOperatorOrganisation),
      },
      'POST /api/organisations': (request) => {
        expect(JSON.parse(request.body)).toMatchObject({ name: 'Downs Exchange', type: 'OPER' });
        return { status: 201, body: { context: { id: 'op9', self: '/organisation/op9' } } };
      },
      ...emptyFeeds('op9'),
      'GET /api/organisation/op9': {
        body: organisationOf({ id: 'op9', type: 'OPER', name: 'Downs Exchange' }),
      },
      'GET /api/organisation/op9/users': { body: listOf([]) },
    };
    const user = userEvent.setup();
    renderPage(
      [
        { path: '/operators', page: OperatorsPage },
        { path: '/operators/:organisationId', page: OperatorPage },
      ],
      { at: '/operators', apiBase: server.origin, user: operator },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Market operators' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Curlew Markets' })).toHaveAttribute(
      'href',
      '/operators/op1',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/organisations?type=OPER&sort=name&order=asc&format=csv`,
    );

    await user.click(screen.getByRole('button', { name: 'Add market operator' }));
    const form = await screen.findByRole('form', { name: 'Add market operator' });
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('Downs Exchange');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Downs Exchange' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/operators/op9');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', {
        name: 'Market operators',
      }),
    ).toHaveAttribute('href', '/operators');
  });
});
