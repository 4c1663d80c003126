import { buildActionFormData, type CurrentUser, type EntityAction, updateOrganisation } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerActions } from '../../actions/registry.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../../features/organisations/testing/renderPage.tsx';
import { EntityActionButtons } from './EntityActionButtons.tsx';

registerActions([updateOrganisation]);

const member: CurrentUser = {
  id: 'u1',
  username: 'sam',
  email: 'sam@example.org',
  displayName: 'Sam Supplier',
  phone: null,
  groups: ['participant'],
  organisation: { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' },
};

const ACTIONS: EntityAction[] = [
  { id: 'Update', title: 'Update organisation', enabled: true },
  { id: 'Comment', title: 'Comment', enabled: true },
  {
    id: 'RegisterAsParticipant',
    title: 'Register for a market round',
    enabled: false,
    reason: 'No market round is open for registration',
  },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const show = (actions: EntityAction[]) =>
  renderPage(
    [
      {
        path: '/',
        page: () => (
          <EntityActionButtons
            self="/organisation/o1"
            actions={actions}
            exclude={['Comment']}
            label="Actions for Wetland Trust"
          />
        ),
      },
    ],
    { at: '/', apiBase: server.origin, user: member },
  );

/** The names of the buttons in the actions group, in order. */
const buttonNames = () =>
  within(screen.getByRole('group', { name: 'Actions for Wetland Trust' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('EntityActionButtons', () => {
  it('shows the actions the server lists, in its order, leaving out those shown elsewhere', () => {
    show(ACTIONS);
    expect(buttonNames()).toEqual(['Update organisation', 'Register for a market round']);
  });

  it('opens an enabled action in the side panel from the entity self link', async () => {
    server.routes = {
      'GET /api/organisation/o1/action/Update': {
        body: buildActionFormData(updateOrganisation, {
          initialValues: { name: 'Wetland Trust', type: 'PARTICIPANT' },
        }),
      },
    };
    const user = userEvent.setup();
    show(ACTIONS);
    await user.click(screen.getByRole('button', { name: 'Update organisation' }));
    // The panel's code loads with the first action; the form is named after the action once its data arrived.
    const form = await screen.findByRole('form', { name: 'Update organisation' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Wetland Trust');
    expect(server.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/organisation/o1/action/Update',
    ]);
  });

  it('keeps a disabled action focusable, explains why in a tooltip and its description, and does not open it', async () => {
    const user = userEvent.setup();
    show(ACTIONS);
    const register = screen.getByRole('button', { name: 'Register for a market round' });
    expect(register).toHaveAttribute('aria-disabled', 'true');
    expect(register).toHaveAccessibleDescription('No market round is open for registration');
    await user.hover(register);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('No market round is open for registration');
    await user.click(register);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.received).toHaveLength(0);
  });

  it("leaves out an action refused for the user's role, keeping one refused for now", () => {
    show([
      ...ACTIONS,
      {
        id: 'SetStatus',
        title: 'Set status',
        enabled: false,
        reason: 'Only the market operator can do this',
        byRole: true,
      },
    ]);
    expect(buttonNames()).toEqual(['Update organisation', 'Register for a market round']);
  });

  it('shows nothing when the server lists no actions for the user', () => {
    show([
      { id: 'Comment', title: 'Comment', enabled: true },
      {
        id: 'Update',
        title: 'Update organisation',
        enabled: false,
        reason: 'Only its members',
        byRole: true,
      },
    ]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Update/ })).not.toBeInTheDocument();
  });
});
