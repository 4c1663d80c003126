import { buildActionFormData, wizardFinish } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useActionPanel } from '../../actions/ActionPanelProvider.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderWithPanel } from '../../actions/testing/render.tsx';

vi.setConfig({ testTimeout: 60_000 });

const TITLE = 'Credit requirement saved';
const DECLARATIONS = [
  { id: 'd1', name: 'Accurate information', text: 'The information I have given is accurate' },
  { id: 'd2', name: 'Bid terms', text: 'I will pay the clearing price if I win' },
];
const step = (actionId: string) => `/api/requirement/q5/action/${actionId}`;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    // The draft's round, chosen on the first step: the last step registers it there with the round's declarations.
    [`GET ${step(wizardFinish.id)}`]: {
      body: buildActionFormData(wizardFinish, {
        initialValues: { marketRoundId: 'r1' },
        options: { marketRoundId: [{ value: 'r1', label: 'Round 1 2026' }] },
        declarations: DECLARATIONS,
      }),
    },
    [`POST ${step(wizardFinish.id)}`]: {
      body: {
        message: 'Plot 5 nitrogen registered for Round 1 2026',
        context: { id: 'q5', self: '/requirement/q5' },
      },
    },
  });
});
afterAll(() => server.close());

/** The wizard's last step as the wizard opens it: in the action panel, after the step before. */
function OpenLastStep() {
  const panel = useActionPanel();
  return (
    <button
      type="button"
      onClick={() => panel.open({ self: '/requirement/q5', actionId: wizardFinish.id, title: TITLE })}
    >
      Open
    </button>
  );
}

const openLastStep = async () => {
  const user = userEvent.setup();
  const view = renderWithPanel(<OpenLastStep />, server.origin);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await screen.findByRole('form', { name: TITLE });
  return { user, container: view.container, dialog: screen.getByRole('dialog', { name: TITLE }) };
};

const answers = (dialog: HTMLElement) =>
  within(dialog).getByRole('heading', { name: 'Check your answers' }).closest('div') as HTMLElement;
const row = (dialog: HTMLElement, name: string) =>
  within(answers(dialog)).getByText(name, { selector: 'dt' }).parentElement as HTMLElement;

describe("the wizard's registering last step", () => {
  it('checks the answers before registering, each declaration with a Change link back to its tick box', async () => {
    const { user, container, dialog } = await openLastStep();
    // The round is named, not its id; the declarations are asked; nothing is submitted yet.
    expect(within(dialog).getByText('Round 1 2026')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    for (const declaration of DECLARATIONS)
      await user.click(within(dialog).getByRole('checkbox', { name: declaration.text }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // The same dialog lists what will be submitted.
    expect(await within(dialog).findByRole('heading', { name: 'Check your answers' })).toHaveFocus();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row(dialog, 'Accurate information')).getByText('Agreed')).toBeInTheDocument();
    expect(within(row(dialog, 'Bid terms')).getByText('Agreed')).toBeInTheDocument();
    expect(server.received.filter((request) => request.method === 'POST')).toEqual([]);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    // Change goes back to the tick box, in the same dialog; Continue returns to the answers.
    await user.click(within(dialog).getByRole('button', { name: 'Change Bid terms' }));
    const terms = await within(dialog).findByRole('checkbox', { name: DECLARATIONS[1]?.text ?? '' });
    await waitFor(() => expect(terms).toHaveFocus());
    expect(terms).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByRole('heading', { name: 'Check your answers' });

    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(
        server.received.filter((request) => request.method === 'POST').map((request) => request.path),
      ).toEqual([step(wizardFinish.id)]),
    );
    const posted = server.received.find((request) => request.method === 'POST');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({
      marketRoundId: 'r1',
      declarations: { d1: true, d2: true },
    });
  });

  it('saves a draft without a round at once: nothing to check', async () => {
    server.routes[`GET ${step(wizardFinish.id)}`] = { body: buildActionFormData(wizardFinish, {}) };
    const { dialog } = await openLastStep();
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Market round')).not.toBeInTheDocument();
  });
});
