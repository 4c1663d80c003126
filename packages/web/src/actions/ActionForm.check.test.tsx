import {
  agreedValue,
  buildActionFormData,
  defineAction,
  isoDateValue,
  money,
  requiredText,
} from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerActions } from './registry.ts';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderForm } from './testing/render.tsx';

const Pledge = defineAction({
  id: 'Pledge',
  entity: 'checktest',
  title: 'Pledge',
  actionLabel: 'Pledge',
  confirm: 'check-answers',
  fields: [
    { id: 'name', type: 'Input', label: 'Project', readonly: true },
    {
      id: 'habitat',
      type: 'Select',
      label: 'Habitat',
      options: [
        { value: 'LowlandMeadows', label: 'Lowland meadows' },
        { value: 'Ponds', label: 'Ponds' },
      ],
    },
    { id: 'offer', type: 'Number', label: 'Offer', prefix: '£' },
    { id: 'area', type: 'Number', label: 'Area', suffix: 'ha' },
    { id: 'begins', type: 'Date', label: 'Mitigation begins' },
    { id: 'note', type: 'Input', label: 'Note', optional: true },
    { id: 'sure', type: 'Checkbox', label: 'I am sure' },
  ],
  input: z.object({
    habitat: requiredText(),
    offer: money(),
    area: z.number(),
    begins: isoDateValue(),
    note: z.string().optional(),
    sure: agreedValue(),
  }),
});
const Stepped = defineAction({
  id: 'Stepped',
  entity: 'checktest',
  title: 'Stepped',
  actionLabel: 'Send',
  confirm: 'check-answers',
  fields: [
    { id: 'first', type: 'Input', label: 'First' },
    { id: 'second', type: 'Input', label: 'Second' },
  ],
  steps: [
    { id: 'one', title: 'One', fieldIds: ['first'] },
    { id: 'two', title: 'Two', fieldIds: ['second'] },
  ],
  input: z.object({ first: requiredText(), second: requiredText() }),
});
registerActions([Pledge, Stepped]);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'POST /api/checktest/1/action/Pledge': { body: {} },
    'POST /api/checktest/1/action/Stepped': { body: {} },
  });
});
afterAll(() => server.close());

const answers = () =>
  screen.getByRole('heading', { name: 'Check your answers' }).closest('div') as HTMLElement;
const row = (name: string) => {
  const term = within(answers()).getByText(name, { selector: 'dt' });
  return term.parentElement as HTMLElement;
};

describe('the check-answers step', () => {
  it('shows every answer formatted, goes back to a field from its Change link and submits from the check', async () => {
    const user = userEvent.setup();
    const before = server.received.length;
    renderForm(buildActionFormData(Pledge, { initialValues: { name: 'Oak Farm' } }), {
      apiBase: server.origin,
      self: '/checktest/1',
    });
    await user.click(screen.getByRole('combobox', { name: 'Habitat' }));
    await user.click(await screen.findByRole('option', { name: 'Lowland meadows' }));
    await user.type(screen.getByRole('textbox', { name: 'Offer' }), '187500.5');
    await user.type(screen.getByRole('textbox', { name: 'Area' }), '12.5');
    await user.type(screen.getByRole('textbox', { name: 'Mitigation begins' }), '3 Sep 2026');
    await user.click(screen.getByRole('checkbox', { name: 'I am sure' }));
    expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { name: 'Check your answers' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Offer' })).not.toBeInTheDocument();
    expect(within(row('Habitat')).getByText('Lowland meadows')).toBeInTheDocument();
    expect(within(row('Offer')).getByText('£187,500.50')).toBeInTheDocument();
    expect(within(row('Area')).getByText('12.5 ha')).toBeInTheDocument();
    expect(within(row('Mitigation begins')).getByText('3 Sep 2026')).toBeInTheDocument();
    expect(within(row('Note')).getByText('Not given')).toBeInTheDocument();
    expect(within(row('I am sure')).getByText('Yes')).toBeInTheDocument();
    expect(within(answers()).queryByText('Project')).not.toBeInTheDocument();
    expect(server.received.length).toBe(before);

    await user.click(screen.getByRole('button', { name: 'Change Offer' }));
    const offer = await screen.findByRole('textbox', { name: 'Offer' });
    await waitFor(() => expect(offer).toHaveFocus());
    expect(offer).toHaveValue('187500.5');
    expect(screen.getByRole('textbox', { name: 'Area' })).toHaveValue('12.5');
    await user.clear(offer);
    await user.type(offer, '190000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(row('Offer')).getByText('£190,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pledge' }));
    await waitFor(() => expect(server.received.length).toBe(before + 1));
    expect(JSON.parse(server.received.at(-1)?.body ?? 'null')).toEqual({
      name: 'Oak Farm',
      habitat: 'LowlandMeadows',
      offer: 190000,
      area: 12.5,
      begins: '2026-09-03',
      sure: true,
    });
  });

  it('comes after the last page of a multi-step form and a Change link returns to the page of the field', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Stepped), { apiBase: server.origin, self: '/checktest/1' });
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'Alpha');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Second' }), 'Beta');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your answers' });
    expect(within(row('First')).getByText('Alpha')).toBeInTheDocument();
    expect(within(row('Second')).getByText('Beta')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change First' }));
    const first = await screen.findByRole('textbox', { name: 'First' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveValue('Alpha');
    await user.type(first, ' one');
    // From a Change link the page goes straight back to the answers.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(row('First')).getByText('Alpha one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
