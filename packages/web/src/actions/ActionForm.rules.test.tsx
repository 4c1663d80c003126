import { buildActionFormData, defineAction, MESSAGES, optionalText, requiredText } from '@curlew/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerActions } from './registry.ts';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderForm } from './testing/render.tsx';

const UpdateThing = defineAction({
  id: 'UpdateThing',
  entity: 'thing',
  title: 'Update thing',
  actionLabel: 'Update',
  fields: [
    { id: 'name', type: 'Input', label: 'Name', hint: 'The <b>registered</b> name<script>alert(1)</script>' },
    { id: 'nickname', type: 'Input', label: 'Nickname', optional: true },
    {
      id: 'kind',
      type: 'Select',
      label: 'Kind',
      options: [
        { value: 'A', label: 'Kind A' },
        { value: 'B', label: 'Kind B' },
      ],
    },
    { id: 'detail', type: 'Input', label: 'Detail', optional: true, dependsOn: ['kind'] },
    {
      id: 'reference',
      type: 'Input',
      label: 'Reference',
      readonly: true,
      ifBlank: { text: 'Not issued yet' },
    },
    { id: 'issues', type: 'TextArea', label: 'Issues', ifBlank: { hide: true }, optional: true },
  ],
  input: z.object({
    name: requiredText(),
    nickname: optionalText(),
    kind: z.enum(['A', 'B'], { error: () => MESSAGES.required }),
    detail: optionalText(),
    issues: optionalText(),
  }),
  warnings: (values) => (values.kind === 'B' ? [{ path: 'kind', message: 'Kind B is rarely right' }] : []),
});
// Rules whose errors no editable field shows: one on the whole form, one on a read-only field.
const CheckThing = defineAction({
  id: 'CheckThing',
  entity: 'thing',
  title: 'Check thing',
  fields: [
    { id: 'name', type: 'Input', label: 'Name' },
    { id: 'reference', type: 'Input', label: 'Reference', readonly: true },
  ],
  input: z
    .object({ name: requiredText(), reference: optionalText() })
    .refine((values) => values.reference !== undefined, {
      path: ['reference'],
      error: 'Issue a reference first',
    })
    .refine((values) => values.name !== 'Locked', { error: 'This thing is locked' }),
});
registerActions([UpdateThing, CheckThing]);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('ActionForm validation', () => {
  it('validates on load: errors show per field, submit is disabled with the hint', () => {
    renderForm(buildActionFormData(UpdateThing));
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.correctErrors)).toBeInTheDocument();
    expect(screen.getAllByText('Field required')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field required');
  });

  it('revalidates on every change and lists errors behind the Show/Hide toggle', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing));
    await user.click(screen.getByRole('button', { name: 'Show errors' }));
    expect(screen.getByText('Name: Field required')).toBeInTheDocument();
    expect(screen.getByText('Kind: Field required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Marsh Farm');
    expect(screen.queryByText('Name: Field required')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide error' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide error' }));
    expect(screen.queryByText('Kind: Field required')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show error' })).toBeInTheDocument();
    await chooseOption(user, 'Kind', 'Kind A');
    expect(screen.queryByText(MESSAGES.correctErrors)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it("takes a record's empty (null) columns as blank fields", () => {
    renderForm(
      buildActionFormData(UpdateThing, {
        initialValues: { name: 'Marsh Farm', kind: 'A', nickname: null, detail: null },
      }),
    );
    expect(screen.getByRole('textbox', { name: /Nickname/ })).toHaveValue('');
    expect(screen.queryByText(/expected string/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('shows warnings without blocking submit', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing, { initialValues: { name: 'Marsh Farm' } }));
    await chooseOption(user, 'Kind', 'Kind B');
    expect(screen.getByText('Kind B is rarely right')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('resets dependent fields when the field they depend on changes', async () => {
    const user = userEvent.setup();
    renderForm(
      buildActionFormData(UpdateThing, {
        initialValues: { name: 'N', kind: 'A', detail: 'kept until kind changes' },
      }),
    );
    expect(screen.getByRole('textbox', { name: /Detail/ })).toHaveValue('kept until kind changes');
    await chooseOption(user, 'Kind', 'Kind B');
    expect(screen.getByRole('textbox', { name: /Detail/ })).toHaveValue('');
  });
});

describe('ActionForm field presentation', () => {
  it('tags optional fields, shows read-only values with ifBlank text and hides ifBlank.hide fields that have a value', () => {
    renderForm(buildActionFormData(UpdateThing, { initialValues: { issues: 'Already sorted' } }));
    expect(screen.getByRole('textbox', { name: 'Nickname optional' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reference' })).not.toBeInTheDocument();
    expect(screen.getByText('Not issued yet')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Issues/ })).not.toBeInTheDocument();
  });

  it('shows an ifBlank.hide field while it is blank', () => {
    renderForm(buildActionFormData(UpdateThing));
    expect(screen.getByRole('textbox', { name: /Issues/ })).toBeInTheDocument();
  });

  it('opens the hint in a popup, rendering only safe HTML', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing));
    await user.click(screen.getByRole('button', { name: 'Help: Name' }));
    const bold = await screen.findByText('registered');
    expect(bold.tagName).toBe('B');
    expect(document.querySelector('script')).toBeNull();
    expect(document.body.textContent).not.toContain('alert(1)');
  });

  it('closes the hint popup on Escape without letting the key reach the panel around the form', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing));
    const reachedPage = vi.fn();
    document.addEventListener('keydown', reachedPage);
    try {
      const help = screen.getByRole('button', { name: 'Help: Name' });
      await user.click(help);
      await screen.findByText('registered');
      expect(help).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      expect(help).toHaveAttribute('aria-expanded', 'false');
      expect(reachedPage).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', reachedPage);
    }
  });

  it('labels Cancel as Close when the action cannot be cancelled', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { unmount } = renderForm(buildActionFormData(UpdateThing), { onCancel });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    unmount();
    renderForm(buildActionFormData(UpdateThing, { cannotCancel: true }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('ActionForm errors no field shows', () => {
  it('lists them under the hint without a click, so the hint never stands without a reason', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(CheckThing, { initialValues: { name: 'Marsh' } }));
    expect(screen.getByText(MESSAGES.correctErrors)).toBeInTheDocument();
    const unmarked = screen.getByRole('list', { name: 'Errors not shown on a field' });
    expect(unmarked).toHaveTextContent('Reference: Issue a reference first');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Locked');
    expect(screen.getByRole('list', { name: 'Errors not shown on a field' })).toHaveTextContent(
      'This thing is locked',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('lists none when every error shows on its field', () => {
    renderForm(buildActionFormData(UpdateThing));
    expect(screen.getByText(MESSAGES.correctErrors)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Errors not shown on a field' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field required');
  });
});

describe('ActionForm submission', () => {
  it('posts JSON to {self}/action/{id} with empty text left out and reports the result', async () => {
    server.routes = {
      'POST /api/thing/7/action/UpdateThing': {
        body: { message: 'Saved', context: { id: '7', self: '/thing/7' } },
      },
    };
    const user = userEvent.setup();
    const onSucceeded = vi.fn();
    renderForm(buildActionFormData(UpdateThing, { initialValues: { kind: 'A' } }), {
      apiBase: server.origin,
      self: '/thing/7',
      onSucceeded,
    });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Marsh Farm');
    await user.type(screen.getByRole('textbox', { name: /Nickname/ }), 'MF');
    await user.clear(screen.getByRole('textbox', { name: /Nickname/ }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSucceeded).toHaveBeenCalledWith({ message: 'Saved', context: { id: '7', self: '/thing/7' } }),
    );
    const request = server.received.at(-1);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Marsh Farm', kind: 'A' });
  });

  it('shows the failure cause in a banner and maps 422 errors onto fields until they change', async () => {
    server.routes = {
      'POST /api/thing/8/action/UpdateThing': {
        status: 422,
        body: {
          error: 'validation',
          message: 'Invalid input',
          cause: 'The name is already used',
          errors: [{ path: 'name', message: 'Already used by another thing' }],
        },
      },
    };
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing, { initialValues: { name: 'Marsh Farm', kind: 'A' } }), {
      apiBase: server.origin,
      self: '/thing/8',
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The name is already used');
    expect(screen.getByText('Already used by another thing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' East');
    expect(screen.queryByText('Already used by another thing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('shows the message when the failure has no cause', async () => {
    server.routes = {
      'POST /api/thing/9/action/UpdateThing': {
        status: 403,
        body: { error: 'forbidden', message: 'Not allowed' },
      },
    };
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing, { initialValues: { name: 'N', kind: 'A' } }), {
      apiBase: server.origin,
      self: '/thing/9',
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  });

  it('without a registered definition leaves validation to the server', async () => {
    server.routes = {
      'POST /api/thing/3/action/Unknown': {
        status: 422,
        body: { error: 'validation', errors: [{ path: 'name', message: 'Field required' }] },
      },
    };
    const user = userEvent.setup();
    const formData = buildActionFormData({ ...UpdateThing, id: 'Unknown' });
    renderForm(formData, { apiBase: server.origin, self: '/thing/3' });
    expect(screen.queryByText('Field required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Field required');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field required');
  });

  it('shows Network error when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(UpdateThing, { initialValues: { name: 'N', kind: 'A' } }), {
      apiBase: 'http://127.0.0.1:9',
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });
});
