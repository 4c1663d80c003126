import { buildActionFormData, defineAction } from '@curlew/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerActions } from '../registry.ts';
import { renderForm } from '../testing/render.tsx';

const Choose = defineAction({
  id: 'ChooseOnly',
  entity: 'selecttest',
  title: 'Choose',
  fields: [
    {
      id: 'document',
      type: 'Select',
      label: 'Document',
      options: [{ value: 'a', label: 'Authority to act' }],
    },
    {
      id: 'colour',
      type: 'Select',
      label: 'Colour',
      options: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    },
  ],
  input: z.object({ document: z.string(), colour: z.string() }),
});
registerActions([Choose]);

describe('Select field', () => {
  it('fills in and fixes a required choice that has exactly one option', async () => {
    renderForm(buildActionFormData(Choose));
    const only = screen.getByLabelText('Document', { selector: 'input' });
    await waitFor(() => expect(only).toHaveValue('Authority to act'));
    expect(only).not.toHaveAccessibleDescription();
    const user = userEvent.setup();
    await user.click(only);
    expect(screen.queryByRole('option', { name: 'Authority to act' })).not.toBeInTheDocument();
    const several = screen.getByLabelText('Colour', { selector: 'input' });
    expect(several).toHaveValue('');
    await user.click(several);
    expect(await screen.findByRole('option', { name: 'Green' })).toBeInTheDocument();
  });

  it('keeps a required choice when its option is chosen again', async () => {
    renderForm(buildActionFormData(Choose));
    const user = userEvent.setup();
    const colour = screen.getByLabelText('Colour', { selector: 'input' });
    await user.click(colour);
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => expect(colour).toHaveValue('Green'));
    await user.click(colour);
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => expect(colour).toHaveValue('Green'));
  });
});
