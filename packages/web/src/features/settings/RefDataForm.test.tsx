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
import { formValuesOf, REFDATA_FORMS, STANDARD_VERSION_FORM } from './refdataForms.ts';

const declarationForm = REFDATA_FORMS.declarations;

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

describe('RefDataForm', () => {
  it('validates with the shared schema on every change and blocks saving while errors remain', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderAt(
      <RefDataForm
        definition={declarationForm}
        initialValues={declarationForm.empty}
        submitLabel="Create"
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(screen.getByText(MESSAGES.correctErrors)).toBeInTheDocument();

    await fillDeclaration(user);
    // Neither audience chosen: the rule shows once a switch is touched.
    await user.click(screen.getByRole('switch', { name: 'For agents' }));
    await user.click(screen.getByRole('switch', { name: 'For agents' }));
    expect(screen.getAllByText(DECLARATION_AUDIENCE_MESSAGE).length).toBeGreaterThan(0);
    expect(create).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'For participants' }));
    expect(screen.queryByText(DECLARATION_AUDIENCE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.correctErrors)).not.toBeInTheDocument();
    await user.click(create);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Land rights',
      text: 'I own the land',
      category: 'MarketRoundProject_Register',
      isForAgents: false,
      isForParticipants: true,
      active: true,
    });
  });

  it('shows a field message once the field is touched', async () => {
    renderAt(
      <RefDataForm
        definition={STANDARD_VERSION_FORM}
        initialValues={STANDARD_VERSION_FORM.empty}
        submitLabel="Add version"
        onSubmit={async () => undefined}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByText('Field required')).not.toBeInTheDocument();
    const version = screen.getByRole('textbox', { name: /Version/ });
    await user.type(version, 'v1');
    await user.clear(version);
    expect(screen.getByText('Field required')).toBeInTheDocument();
  });

  it('shows the server refusal on top and its field errors on the fields', async () => {
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
        showAllErrors
        onSubmit={() => Promise.reject(conflict)}
      />,
    );
    expect(screen.getByRole('textbox', { name: /Natural England number/ })).toHaveValue('12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A conflict occurred: an identical item already exists'),
    ).toBeInTheDocument();
    expect(screen.getByText('NCA 12 already exists')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Natural England number/ }), '3');
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
        showAllErrors
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByText('Must be an ONS LPA code such as E60000001')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Active/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Current authority' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
