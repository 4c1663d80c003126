import { buildActionFormData, defineAction, MESSAGES, requiredText } from '@curlew/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerActions } from './registry.ts';
import { renderForm } from './testing/render.tsx';

const EveryType = defineAction({
  id: 'EveryType',
  entity: 'a11y',
  title: 'Every type',
  fields: [
    { id: 'input', type: 'Input', label: 'Input', hint: 'Some <b>help</b>', optional: true },
    { id: 'password', type: 'Password', label: 'Password' },
    { id: 'textArea', type: 'TextArea', label: 'Text area' },
    { id: 'number', type: 'Number', label: 'Number', prefix: '£' },
    { id: 'file', type: 'File', label: 'File' },
    { id: 'select', type: 'Select', label: 'Select', options: [{ value: 'x', label: 'X' }] },
    {
      id: 'selectMulti',
      type: 'SelectMulti',
      label: 'Select several',
      options: [{ value: 'x', label: 'X' }],
    },
    { id: 'yesNo', type: 'YesNo', label: 'Yes or no' },
    { id: 'date', type: 'Date', label: 'Date' },
    { id: 'time', type: 'Time', label: 'Time' },
    { id: 'dateTime', type: 'DateTime', label: 'Date and time' },
    { id: 'phone', type: 'Phone', label: 'Phone' },
    { id: 'boolean', type: 'Boolean', label: 'Boolean' },
    { id: 'checkbox', type: 'Checkbox', label: 'Checkbox' },
    { id: 'richText', type: 'RichText', label: 'Rich text' },
    { id: 'readonly', type: 'Input', label: 'Read only', readonly: true, ifBlank: { text: 'None yet' } },
  ],
  groups: [{ id: 'more', label: 'More', fieldIds: ['input'], defaultOpen: true }],
  input: z.object({ password: requiredText(), yesNo: z.boolean({ error: () => MESSAGES.required }) }),
  warnings: () => [{ path: 'number', message: 'Check the number' }],
});
const DateOnly = defineAction({
  id: 'DateOnly',
  entity: 'a11y',
  title: 'Date only',
  fields: [{ id: 'startsOn', type: 'Date', label: 'Starts' }],
  input: z.object({ startsOn: requiredText() }),
});
registerActions([EveryType, DateOnly]);

// The editor chunk is compiled on first use; load it up front so the form test does not wait on the compiler.
beforeAll(() => import('./richtext/RichTextEditor.tsx'), 120_000);

describe('ActionForm accessibility', () => {
  it('has no axe violations with every field type, errors and warnings showing', async () => {
    const { container } = renderForm(buildActionFormData(EveryType));
    // Rendering sixteen fields takes a while on a busy machine.
    await screen.findByRole('textbox', { name: 'Rich text' }, { timeout: 20_000 });
    expect(screen.getAllByText('Field required').length).toBeGreaterThan(0);
    // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      ),
    ).toEqual([]);
  }, 60_000);

  it("has no axe violations with a date field's calendar open, its controls named", async () => {
    const user = userEvent.setup();
    const { container } = renderForm(buildActionFormData(DateOnly));
    await user.click(screen.getByRole('textbox', { name: 'Starts' }));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    // The calendar opens inside the form, not at the end of the page outside its landmarks.
    expect(container).toContainElement(screen.getByRole('table'));
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      ),
    ).toEqual([]);
  }, 60_000);
});
