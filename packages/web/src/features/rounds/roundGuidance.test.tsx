import { buildActionFormData, completeParticipation, setReserveInfo } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipationPage } from './ParticipationPage.tsx';
import { OperatorRoundPage } from './RoundPage.tsx';
import { marketOf, participationOf, roundOf } from './testing/fixtures.ts';

const PARTICIPANTS = 'GET /api/participations?roundId=r1&sort=organisation&order=asc&page=1&pageSize=25';
const NEEDED = 'Complete what is still needed, listed below.';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const showRound = (at = '/markets/m1/round/r1') =>
  renderPage([{ path: '/markets/:marketId/round/:roundId', page: OperatorRoundPage }], {
    at,
    apiBase: server.origin,
    user: operator,
  });

const draft = roundOf({
  id: 'r1',
  status: 'Draft',
  actions: [
    {
      id: 'Open',
      title: 'Open for registration',
      enabled: false,
      reason: 'Before the round opens ...',
      next: true,
    },
    { id: 'SetRegistrationDates', title: 'Set registration dates', enabled: true },
    { id: 'SetReserveInfo', title: 'Set credit reserve', enabled: true },
    { id: 'AddDeclarations', title: 'Add declarations', enabled: true },
  ],
  checklist: [
    {
      id: 'dates',
      label: 'Registration dates',
      done: true,
      detail: 'Set for every registration window',
      actionIds: ['SetRegistrationDates'],
    },
    {
      id: 'reserve',
      label: 'Credit reserve',
      done: false,
      detail: 'It is not agreed with the EMB',
      actionIds: ['SetReserveInfo'],
    },
    {
      id: 'declarations.MarketRoundProject_Offer',
      label: 'Declarations asked at project offer',
      done: false,
      detail: 'None for participants and agents yet',
      actionIds: ['AddDeclarations'],
    },
  ],
  history: [
    {
      status: 'Draft',
      at: '2026-11-20T10:00:00.000Z',
      action: 'Add market round',
      by: 'Alex Admin',
      reason: null,
    },
  ],
});

describe("the operator's round page guides the next step", () => {
  it("keeps a Draft round's refused Open in sight as a primary button and lists what is still needed", async () => {
    server.routes = {
      'GET /api/round/r1': { body: draft },
      [PARTICIPANTS]: { body: listOf([]) },
      'GET /api/round/r1/action/SetReserveInfo': {
        body: buildActionFormData(setReserveInfo, {
          initialValues: { percentage: 15, agreedWithEMB: false },
        }),
      },
    };
    showRound();
    const next = await screen.findByRole('region', { name: 'Next step' });
    const open = within(next).getByRole('button', { name: 'Open for registration' });
    expect(open).toHaveAttribute('aria-disabled', 'true');
    expect(open).toHaveAccessibleDescription(NEEDED);
    expect(within(next).getByText(NEEDED)).toBeVisible();
    // Not hidden in 'More actions' alone: the header holds the settings, never Open.
    const actions = screen.getByRole('group', { name: 'Actions for Spring 2026' });
    expect(within(actions).queryByRole('button', { name: 'Open for registration' })).not.toBeInTheDocument();

    const needed = screen.getByRole('region', { name: 'What is still needed' });
    expect(needed).toHaveTextContent('2 of 3 still to do before the round can open for registration.');
    const lines = within(needed).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '✓Registration dates: doneSet for every registration window',
      '•Credit reserve: not done yetIt is not agreed with the EMBSet credit reserve',
      '•Declarations asked at project offer: not done yetNone for participants and agents yetAdd declarations',
    ]);
    // A done line has no button; an open line opens the dialog that completes it.
    expect(within(lines[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(lines[1] as HTMLElement).getByRole('button', { name: 'Set credit reserve' }));
    expect(await screen.findByRole('dialog', { name: 'Set credit reserve' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.received.map((request) => `${request.method} ${request.path}`)).toContain(
        'GET /api/round/r1/action/SetReserveInfo',
      ),
    );

    const history = screen.getByRole('table', { name: 'History of the round' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Draft20 Nov 2026 10:00Alex Admin—');
  });

  it('enables Open as the filled next step once nothing is missing', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: {
          ...draft,
          actions: [{ id: 'Open', title: 'Open for registration', enabled: true, next: true }],
          checklist: draft.checklist?.map((item) => ({ ...item, done: true })),
        },
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Open for registration' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'What is still needed' })).toHaveTextContent(
      'Everything is ready: the round can open for registration.',
    );
  });

  it("shows a refused step's reason in words beside it, and every rejection's reason in the history", async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Rejected',
          actions: [
            {
              id: 'Match',
              title: 'Match bids and offers',
              enabled: false,
              reason: 'There are no offers and bids to clear',
              next: true,
            },
            { id: 'ImportMatch', title: 'Import match', enabled: true },
          ],
          history: [
            { status: 'Pending', at: '2026-11-21T09:00:00.000Z', action: 'Match', by: null, reason: null },
            {
              status: 'Rejected',
              at: '2026-11-22T09:30:00.000Z',
              action: 'Reject match',
              by: 'Alex Admin',
              reason: 'The reserve was wrong',
            },
          ],
        }),
      },
      [PARTICIPANTS]: { body: listOf([]) },
    };
    showRound();
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Match bids and offers' })).toHaveAccessibleDescription(
      'There are no offers and bids to clear',
    );
    expect(within(next).getByText('There are no offers and bids to clear')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'What is still needed' })).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'History of the round' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'StatusWhenByReason',
      'Pending21 Nov 2026 09:00Curlew—',
      'Rejected22 Nov 2026 09:30Alex AdminThe reserve was wrong',
    ]);
  });

  it('completes a provisional registration from the participants table, without opening the participation', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1' }) },
      [PARTICIPANTS]: {
        body: listOf([
          participationOf({ id: 'p1' }),
          participationOf({
            id: 'p2',
            organisation: { id: 'o2', name: 'Harbour Homes', self: '/organisation/o2' },
            status: 'Provisional',
            actions: [{ id: 'CompleteRegistration', title: 'Complete registration', enabled: true }],
          }),
        ]),
      },
      'GET /api/participation/p2/action/CompleteRegistration': {
        body: buildActionFormData(completeParticipation),
      },
      'POST /api/participation/p2/action/CompleteRegistration': {
        body: { message: 'Registration completed' },
      },
    };
    const user = userEvent.setup();
    showRound();
    const table = await screen.findByRole('table', { name: 'Participants of Spring 2026' });
    const row = (await within(table).findByRole('link', { name: 'Harbour Homes' })).closest(
      'tr',
    ) as HTMLElement;
    const wetland = within(table).getByRole('link', { name: 'Wetland Trust' }).closest('tr') as HTMLElement;
    expect(within(wetland).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Complete registration of Harbour Homes' }));
    await user.click(await screen.findByRole('button', { name: 'Complete' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(server.received.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /api/participation/p2/action/CompleteRegistration',
      ),
    );
  });

  it('gives a missing round sensible breadcrumbs: its market and Not found', async () => {
    server.routes = {
      'GET /api/round/gone': {
        status: 404,
        body: { error: 'not_found', message: 'This market round does not exist or you cannot see it' },
      },
      'GET /api/market/m1': { body: marketOf({ id: 'm1' }) },
    };
    showRound('/markets/m1/round/gone');
    expect(await screen.findByText('Market round not found')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    // The market's name, read by the address's market id, and 'Not found': no empty crumb.
    await waitFor(() => expect(crumbs.textContent).toBe('Home›Markets›Solent nutrients›Not found'));
  });
});

describe('the participation page', () => {
  it('shows Complete registration as the next step, Withdraw with the other actions', async () => {
    server.routes = {
      'GET /api/participation/p2': {
        body: participationOf({
          id: 'p2',
          status: 'Provisional',
          actions: [
            {
              id: 'Register',
              title: 'Register for market round',
              enabled: false,
              reason: 'This organisation has already registered for this round',
            },
            { id: 'CompleteRegistration', title: 'Complete registration', enabled: true, next: true },
            { id: 'Withdraw', title: 'Withdraw from market round', enabled: true },
          ],
        }),
      },
      'GET /api/market/m1': { body: marketOf({ id: 'm1' }) },
      'GET /api/activity?subjectType=participation&subjectId=p2&page=1&pageSize=10': { body: listOf([]) },
      'GET /api/comments?subjectType=participation&subjectId=p2&page=1&pageSize=10': { body: listOf([]) },
    };
    renderPage(
      [{ path: '/markets/:marketId/round/:roundId/participation/:participationId', page: ParticipationPage }],
      {
        at: '/markets/m1/round/r1/participation/p2',
        apiBase: server.origin,
        user: operator,
      },
    );
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Complete registration' })).toBeEnabled();
    expect(
      within(next).queryByRole('button', { name: 'Withdraw from market round' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw from market round' })).toBeEnabled();
  });
});
