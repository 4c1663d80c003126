import {
  buildActionFormData,
  type ChecklistItem,
  type EntityAction,
  updateOrganisation,
} from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerActions } from '../../actions/registry.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../../features/organisations/testing/fixtures.ts';
import { renderPage } from '../../features/organisations/testing/renderPage.tsx';
import { EntityActionButtons } from './EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from './NextSteps.tsx';
import { StillNeeded } from './StillNeeded.tsx';

vi.setConfig({ testTimeout: 60_000 });
registerActions([updateOrganisation]);

const REFUSED = 'Registration windows are still open';

/** A record's actions as the server marks them: one step enabled, one refused, one refused for the role. */
const ACTIONS: EntityAction[] = [
  { id: 'Update', title: 'Update organisation', enabled: true, next: true },
  { id: 'Close', title: 'Close registration', enabled: false, reason: REFUSED, next: true },
  { id: 'Settle', title: 'Settle round', enabled: false, reason: 'Operator only', byRole: true, next: true },
  { id: 'Comment', title: 'Comment', enabled: true },
  { id: 'Archive', title: 'Archive', enabled: false, reason: 'Not in this status' },
];

const CHECKLIST: ChecklistItem[] = [
  {
    id: 'dates',
    label: 'Registration dates',
    done: true,
    detail: 'Set for every window',
    actionIds: ['Update'],
  },
  { id: 'details', label: 'Details', done: false, detail: 'No name yet', actionIds: ['Update', 'Settle'] },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/organisation/o1/action/Update': {
      body: buildActionFormData(updateOrganisation, {
        initialValues: { name: 'Wetland Trust', type: 'PARTICIPANT' },
      }),
    },
  });
});
afterAll(() => server.close());

const show = (actions: EntityAction[], checklist: ChecklistItem[] = [], goal?: string) =>
  renderPage(
    [
      {
        path: '/',
        page: () => (
          <main>
            <EntityActionButtons
              self="/organisation/o1"
              actions={actions}
              exclude={nextStepIds(actions)}
              label="Actions for Wetland Trust"
            />
            <NextSteps
              self="/organisation/o1"
              actions={actions}
              onSucceeded={() => undefined}
              explainedElsewhere={{ Archive: 'Never shown: not a next step' }}
            />
            <StillNeeded self="/organisation/o1" checklist={checklist} actions={actions} goal={goal} />
          </main>
        ),
      },
    ],
    { at: '/', apiBase: server.origin, user: operator },
  );

describe('NextSteps', () => {
  it("shows the server's next steps as filled buttons, a refused one with its reason in words, and opens a step", async () => {
    const { container } = show(ACTIONS);
    const panel = screen.getByRole('region', { name: 'Next steps' });
    const buttons = within(panel).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Update organisation',
      'Close registration',
    ]);
    for (const button of buttons) expect(button).toHaveAttribute('data-variant', 'filled');
    expect(buttons[1]).toHaveAttribute('aria-disabled', 'true');
    expect(buttons[1]).toHaveAccessibleDescription(REFUSED);
    expect(within(panel).getByText(REFUSED)).toBeVisible();
    // The steps are not offered twice: the other actions keep the rest; a role's refusal shows nowhere.
    const header = screen.getByRole('group', { name: 'Actions for Wetland Trust' });
    expect(
      within(header)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Comment', 'Archive']);
    expect(screen.queryByRole('button', { name: 'Settle round' })).not.toBeInTheDocument();
    expect(nextStepIds(ACTIONS)).toEqual(['Update', 'Close']);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await userEvent.setup().click(buttons[0] as HTMLElement);
    await screen.findByRole('dialog', { name: 'Update organisation' });
  });

  it('says Next step for one step, and shows nothing when the server marks none', () => {
    const { unmount } = show(ACTIONS.filter((action) => action.id !== 'Update'));
    expect(screen.getByRole('heading', { name: 'Next step' })).toBeInTheDocument();
    unmount();
    show(ACTIONS.map(({ next: _, ...action }) => action));
    expect(screen.queryByRole('region', { name: /^Next step/ })).not.toBeInTheDocument();
  });
});

describe('StillNeeded', () => {
  it('lists each line done or not with its words; an open line offers the dialogs that complete it', () => {
    show(ACTIONS, CHECKLIST, 'the round can open for registration');
    const card = screen.getByRole('region', { name: 'What is still needed' });
    expect(card).toHaveTextContent('1 of 2 still to do before the round can open for registration.');
    const lines = within(card).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '✓Registration dates: doneSet for every window',
      '•Details: not done yetNo name yetUpdate organisation',
    ]);
    expect(within(lines[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(lines[1] as HTMLElement).getByRole('button', { name: 'Update organisation' }),
    ).toBeEnabled();
  });

  it('says when every line is done, and shows nothing without lines', () => {
    const done = CHECKLIST.map((item) => ({ ...item, done: true }));
    const { unmount } = show(ACTIONS, done, 'the round can open for registration');
    expect(screen.getByRole('region', { name: 'What is still needed' })).toHaveTextContent(
      'Everything is ready: the round can open for registration.',
    );
    unmount();
    show(ACTIONS, done);
    expect(screen.getByRole('region', { name: 'What is still needed' })).toHaveTextContent(
      'Nothing: every step is done',
    );
    unmount();
  });

  it('shows nothing when the server sends no lines', () => {
    show(ACTIONS, []);
    expect(screen.queryByRole('region', { name: 'What is still needed' })).not.toBeInTheDocument();
  });
});
