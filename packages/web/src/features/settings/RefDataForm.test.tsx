import { DECLARATION_AUDIENCE_MESSAGE, MESSAGES } from '@curlew/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { RefDataForm } from './RefDataForm.tsx';
import { formValuesOf, lpaCodeOptions, REFDATA_FORMS, STANDARD_VERSION_FORM } from './refdataForms.ts';

// Test mode turns off Mantine's transitions, so select options are in the page as soon as they open.
const renderAt = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );

const fillDeclaration = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Land rights');
  await user.type(screen.getByRole('textbox', { name: /Declaration text/ }), 'I own the land');
  await user.click(screen.getByRole('combobox', { name: /Category/ }));
  await user.click(await screen.findByRole('option', { name: 'Project registration' }));
};

describe('RefDataForm (the generic action form over reference-data fields)', () => {
  it('marks the missing fields whenever it says to correct the errors (New project type)', () => {
    renderAt(
      <RefDataForm
        definition={REFDATA_FORMS['project-types']}
        submitLabel="Create"
        self="/settings/project-types"
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByText(MESSAGES.correctErrors)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Field required');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Active/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Incompatible with the current service/ })).not.toBeChecked();
  });

  it('validates with the shared schema on every change and saves what the user entered', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderAt(
      <RefDataForm
        definition={REFDATA_FORMS.declarations}
        submitLabel="Create"
        self="/settings/declarations"
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fillDeclaration(user);
    // Neither audience chosen: both switches carry the rule's message.
    expect(screen.getByRole('switch', { name: /^For agents/ })).toHaveAccessibleDescription(
      DECLARATION_AUDIENCE_MESSAGE,
    );
    expect(create).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /^For participants/ }));
    expect(screen.queryByText(DECLARATION_AUDIENCE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.correctErrors)).not.toBeInTheDocument();
    await user.click(create);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Land rights',
        text: 'I own the land',
        category: 'MarketRoundProject_Register',
        isForAgents: false,
        isForParticipants: true,
        active: true,
      }),
    );
    expect(create).toBeEnabled();
  });

  it('shows the server refusal on top and its field errors on the fields until they change', async () => {
    const ncaForm = REFDATA_FORMS.ncas;
    const conflict = new ApiError('A conflict occurred: an identical item already exists', 409, 'conflict', [
      { path: 'number', message: 'NCA 12 already exists' },
    ]);
    renderAt(
      <RefDataForm
        definition={ncaForm}
        initialValues={formValuesOf(ncaForm, {
          id: 'n1',
          number: 12,
          name: 'Mid Northumberland',
          active: true,
        })}
        submitLabel="Save"
        self="/settings/ncas/n1"
        onSubmit={() => Promise.reject(conflict)}
      />,
    );
    const number = screen.getByRole('textbox', { name: /Natural England number/ });
    expect(number).toHaveValue('12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('A conflict occurred: an identical item already exists');
    expect(number).toHaveAccessibleDescription('NCA 12 already exists');
    await user.type(number, '3');
    await waitFor(() => expect(screen.queryByText('NCA 12 already exists')).not.toBeInTheDocument());
  });

  it('shows stored values and every message at once when editing', () => {
    const lpaForm = REFDATA_FORMS.lpas;
    renderAt(
      <RefDataForm
        definition={lpaForm}
        initialValues={formValuesOf(lpaForm, {
          id: 'l1',
          code: 'E6000001',
          name: 'County Durham LPA',
          authorityType: 'Unitary authority',
          ladCode: null,
          current: true,
          active: false,
        })}
        submitLabel="Save"
        self="/settings/lpas/l1"
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: /ONS code/ })).toHaveAccessibleDescription(
      'Must be an ONS LPA code such as E60000001',
    );
    expect(screen.getByRole('switch', { name: /^Active/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Current authority/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('adds a standard version with its date stored as yyyy-MM-dd and blank notes left out', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderAt(
      <RefDataForm
        definition={STANDARD_VERSION_FORM}
        submitLabel="Add version"
        self="/settings/standards/s1/versions"
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: /^Version/ })).toHaveAccessibleDescription('Field required');
    await user.type(screen.getByRole('textbox', { name: /^Version/ }), '2.1');
    await user.type(screen.getByRole('textbox', { name: /^Effective date/ }), '2026-04-01');
    await user.click(screen.getByRole('textbox', { name: /^Notes/ }));
    await user.click(screen.getByRole('button', { name: 'Add version' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ version: '2.1', effectiveDate: '2026-04-01' }),
    );
  });

  it("offers a subcatchment's LPAs by name and code, keeping stored codes no longer active", () => {
    expect(lpaCodeOptions([{ code: 'E60000001', name: 'Durham' }], ['E60000001', 'E60000099'])).toEqual([
      { value: 'E60000001', label: 'Durham (E60000001)' },
      { value: 'E60000099', label: 'E60000099' },
    ]);
  });
});
