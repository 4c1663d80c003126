import { buildActionFormData, setCertificationDecision } from '@curlew/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOptionsCache } from '../../actions/optionsSource.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderForm } from '../../actions/testing/render.tsx';

let server: LocalServer;
beforeAll(async () => {
  clearOptionsCache();
  server = await startLocalServer({
    'GET /api/standards': {
      body: [
        { id: 'st1', name: 'Statutory biodiversity metric' },
        { id: 'NA', name: 'NA' },
      ],
    },
  });
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;

/** Opens the dialog for a project with one service, its statement chosen. */
const openDialog = async (user: User) => {
  renderForm(
    buildActionFormData(setCertificationDecision, {
      initialValues: { serviceCertifications: [{ id: 's1' }] },
      options: { 'serviceCertifications.0.id': [{ value: 's1', label: 'Biodiversity · 3.5 ha' }] },
    }),
    { apiBase: server.origin },
  );
  const form = screen.getByRole('form', { name: 'Set certification decision' });
  await user.upload(
    form.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement,
    new File(['%PDF-1.7'], 'certification-statement.pdf', { type: 'application/pdf' }),
  );
};

/** Fills in who assessed or reviewed it; the date is typed at once (as pasted) and the field left. */
const fillPerson = async (user: User, group: 'Assessed by' | 'Reviewed by', date: string) => {
  const who = within(screen.getByRole('group', { name: group }));
  await user.type(who.getByRole('textbox', { name: 'Name' }), 'Priya Assessor');
  await user.type(who.getByRole('textbox', { name: 'Organisation' }), 'Solent Certification Ltd');
  await user.type(who.getByRole('textbox', { name: 'Position' }), 'Ecologist');
  const box = who.getByRole('textbox', { name: group === 'Assessed by' ? 'Date assessed' : 'Date reviewed' });
  await user.click(box);
  await user.paste(date);
  await user.tab();
  return box;
};

const choose = async (user: User, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('Set certification decision', () => {
  it('can be saved with past dates typed as a person writes them', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    const assessed = await fillPerson(user, 'Assessed by', '10 Mar 2026');
    const reviewed = await fillPerson(user, 'Reviewed by', '12 Mar 2026');
    await choose(user, 'Standard', 'Statutory biodiversity metric');
    await choose(user, 'Certified?', 'Yes');
    expect(assessed).toHaveValue('10 Mar 2026');
    expect(reviewed).toHaveValue('12 Mar 2026');
    expect(assessed).not.toHaveAttribute('aria-invalid', 'true');
    expect(reviewed).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('refuses a date in the future and an assessment after the review, keeping Save disabled', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    const assessed = await fillPerson(user, 'Assessed by', '12 Mar 2026');
    const reviewed = await fillPerson(user, 'Reviewed by', '10 Mar 2026');
    await choose(user, 'Standard', 'Statutory biodiversity metric');
    await choose(user, 'Certified?', 'Yes');
    expect(assessed).toHaveAccessibleDescription('Cannot be after date reviewed');
    expect(reviewed).toHaveAccessibleDescription('Cannot be before date assessed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    const nextYear = new Date().getUTCFullYear() + 1;
    await user.clear(reviewed);
    await user.paste(`10 Mar ${nextYear}`);
    fireEvent.blur(reviewed);
    await waitFor(() => expect(reviewed).toHaveAccessibleDescription('Cannot be in the future'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(reviewed);
    await user.paste('12 Mar 2026');
    await user.clear(assessed);
    await user.paste('10 Mar 2026');
    fireEvent.blur(assessed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});
