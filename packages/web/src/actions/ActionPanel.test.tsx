import { File as NodeFile } from 'node:buffer';
import { buildActionFormData, defineAction, fileValue, requiredText } from '@curlew/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ActionPanelRef } from './ActionPanelProvider.tsx';
import { registerActions } from './registry.ts';
import { Opener } from './testing/interact.tsx';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderWithPanel } from './testing/render.tsx';

const Rename = defineAction({
  id: 'Rename',
  entity: 'organisation',
  title: 'Rename organisation',
  actionLabel: 'Rename',
  fields: [{ id: 'name', type: 'Input', label: 'Name' }],
  input: z.object({ name: requiredText() }),
});
const Wizard1 = defineAction({
  id: 'WizardCredits',
  entity: 'organisation',
  title: 'Credits',
  actionLabel: 'Save and continue',
  cannotCancel: true,
  fields: [{ id: 'units', type: 'Number', label: 'Units', value: 3 }],
  input: z.object({ units: z.number() }),
});
const Wizard2 = defineAction({
  id: 'WizardDetails',
  entity: 'organisation',
  title: 'Details',
  actionLabel: 'Finish',
  previous: 'WizardCredits',
  cannotCancel: true,
  fields: [{ id: 'note', type: 'Input', label: 'Note', optional: true }],
  input: z.object({}),
});
const Contract = defineAction({
  id: 'Contract',
  entity: 'organisation',
  title: 'Contract project',
  actionLabel: 'Confirm contracted',
  text: 'I confirm that the project has been fully contracted and that the necessary documentation has been uploaded',
  modal: true,
  fields: [],
  input: z.object({}),
});
const CreateOrganisation = defineAction({
  id: 'CreateOrganisation',
  title: 'Create organisation',
  create: true,
  fields: [{ id: 'name', type: 'Input', label: 'Name' }],
  input: z.object({ name: requiredText() }),
});
const Upload = defineAction({
  id: 'UploadAgreement',
  entity: 'organisation',
  title: 'Upload agreement',
  fields: [
    { id: 'tag', type: 'Input', label: 'Tag' },
    { id: 'file', type: 'File', label: 'Agreement', accept: ['pdf'] },
  ],
  input: z.object({ tag: requiredText(), file: fileValue(['pdf']) }),
});
registerActions([Rename, Wizard1, Wizard2, Contract, CreateOrganisation, Upload]);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  notifications.clean();
});

const openAction = async (target: ActionPanelRef) => {
  const user = userEvent.setup();
  renderWithPanel(<Opener target={target} />, server.origin);
  await user.click(screen.getByRole('button', { name: 'Open action' }));
  return user;
};

describe('ActionPanel', () => {
  it('loads the form data of {self}/action/{actionId} into the right-hand drawer', async () => {
    server.routes = {
      'GET /api/organisation/123/action/Rename': {
        body: buildActionFormData(Rename, { initialValues: { name: 'Old name' } }),
      },
    };
    await openAction({ self: '/organisation/123', actionId: 'Rename' });
    const dialog = await screen.findByRole('dialog', { name: 'Rename organisation' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Old name');
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/api/organisation/123/action/Rename' });
  });

  it('lays values the page knows over the initial values of the first step', async () => {
    server.routes = {
      'GET /api/organisation/124/action/Rename': {
        body: buildActionFormData(Rename, { initialValues: { name: 'Old name' } }),
      },
    };
    await openAction({ self: '/organisation/124', actionId: 'Rename', prefill: { name: 'Given name' } });
    const dialog = await screen.findByRole('dialog', { name: 'Rename organisation' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Given name');
  });

  it('redirects instead of opening when the form data carries navigate', async () => {
    server.routes = {
      'GET /api/organisation/123/action/Rename': {
        body: buildActionFormData(Rename, { navigate: '/projects/new' }),
      },
    };
    await openAction({ self: '/organisation/123', actionId: 'Rename' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/projects/new'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on success toasts "{title} succeeded" and closes the panel shortly after', async () => {
    server.routes = {
      'GET /api/organisation/1/action/Rename': {
        body: buildActionFormData(Rename, { initialValues: { name: 'A' } }),
      },
      'POST /api/organisation/1/action/Rename': { body: { context: { id: '1', self: '/organisation/1' } } },
    };
    const onSuccess = vi.fn();
    const user = await openAction({ self: '/organisation/1', actionId: 'Rename', onSuccess });
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Rename organisation succeeded')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rename organisation' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Rename organisation' })).not.toBeInTheDocument(),
    );
    expect(onSuccess).toHaveBeenCalledWith({ context: { id: '1', self: '/organisation/1' } });
  });

  it('uses the server message in the toast when there is one', async () => {
    server.routes = {
      'GET /api/organisation/2/action/Rename': {
        body: buildActionFormData(Rename, { initialValues: { name: 'A' } }),
      },
      'POST /api/organisation/2/action/Rename': { body: { message: 'Name changed' } },
    };
    const user = await openAction({ self: '/organisation/2', actionId: 'Rename' });
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Name changed')).toBeInTheDocument();
    expect(screen.queryByText('Rename organisation succeeded')).not.toBeInTheDocument();
  });

  it('moves to the nextAction step and back with Previous; Close replaces Cancel', async () => {
    server.routes = {
      'GET /api/organisation/7/action/WizardCredits': { body: buildActionFormData(Wizard1) },
      'POST /api/organisation/7/action/WizardCredits': {
        body: { nextAction: { id: 'WizardDetails' }, context: { id: '8', self: '/organisation/8' } },
      },
      'GET /api/organisation/8/action/WizardDetails': { body: buildActionFormData(Wizard2) },
      'GET /api/organisation/8/action/WizardCredits': { body: buildActionFormData(Wizard1) },
    };
    const user = await openAction({ self: '/organisation/7', actionId: 'WizardCredits' });
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByText(/succeeded/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('dialog', { name: 'Credits' })).toBeInTheDocument();
    expect(server.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/organisation/7/action/WizardCredits',
      'POST /api/organisation/7/action/WizardCredits',
      'GET /api/organisation/8/action/WizardDetails',
      'GET /api/organisation/8/action/WizardCredits',
    ]);
  });

  it('shows confirm actions in a centred modal at most 800 wide', async () => {
    server.routes = { 'GET /api/organisation/4/action/Contract': { body: buildActionFormData(Contract) } };
    await openAction({ self: '/organisation/4', actionId: 'Contract' });
    const dialog = await screen.findByRole('dialog', { name: 'Contract project' });
    expect(dialog).toHaveStyle({ maxWidth: '800px' });
    expect(within(dialog).getByText(/fully contracted/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm contracted' })).toBeEnabled();
  });

  it('posts create actions to their collection', async () => {
    server.routes = {
      'GET /api/organisations/action/CreateOrganisation': { body: buildActionFormData(CreateOrganisation) },
      'POST /api/organisations': { status: 201, body: { context: { id: '9', self: '/organisation/9' } } },
    };
    const user = await openAction({ self: '/organisations', actionId: 'CreateOrganisation' });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Heron Trust');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Create organisation succeeded')).toBeInTheDocument();
    expect(server.received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/organisations',
      body: '{"name":"Heron Trust"}',
    });
  });

  it('sends multipart with a submission part and the file when a file is chosen', async () => {
    // jsdom's FormData and File cannot travel through Node's fetch; the browser's own classes are used there.
    const nodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor;
    vi.stubGlobal('FormData', nodeFormData);
    server.routes = {
      'GET /api/organisation/5/action/UploadAgreement': { body: buildActionFormData(Upload) },
      'POST /api/organisation/5/action/UploadAgreement': { body: {} },
    };
    try {
      const user = await openAction({ self: '/organisation/5', actionId: 'UploadAgreement' });
      await user.type(await screen.findByRole('textbox', { name: 'Tag' }), 'signed');
      const input = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (input === null) throw new Error('No file input');
      const file = new NodeFile(['%PDF-1.7 agreement'], 'agreement.pdf', { type: 'application/pdf' });
      await user.upload(input, file as unknown as File);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('Upload agreement succeeded');
      const request = server.received.at(-1);
      expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request?.body).toMatch(/name="submission"\r\n\r\n\{"tag":"signed"\}\r\n/);
      expect(request?.body).toMatch(
        /name="file"; filename="agreement.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1.7 agreement/,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows why the form could not be loaded', async () => {
    server.routes = {
      'GET /api/organisation/6/action/Rename': {
        status: 403,
        body: { error: 'forbidden', message: 'Not your organisation' },
      },
    };
    await openAction({ self: '/organisation/6', actionId: 'Rename', title: 'Rename organisation' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not your organisation');
  });

  describe('with unsaved changes', () => {
    const renameRoutes = (id: string) => ({
      [`GET /api/organisation/${id}/action/Rename`]: {
        body: buildActionFormData(Rename, { initialValues: { name: 'Old name' } }),
      },
      [`POST /api/organisation/${id}/action/Rename`]: { body: {} },
    });
    const renameDialog = () => screen.findByRole('dialog', { name: 'Rename organisation' });
    const nameBox = async () => within(await renameDialog()).getByRole('textbox', { name: 'Name' });
    const gone = () =>
      waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Rename organisation' })).not.toBeInTheDocument(),
      );

    it('asks on Escape and keeps the values when the user keeps editing', async () => {
      server.routes = renameRoutes('30');
      const user = await openAction({ self: '/organisation/30', actionId: 'Rename' });
      await user.type(await nameBox(), ' and more');
      await user.keyboard('{Escape}');
      const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      expect(within(question).getByText('Discard your changes?')).toBeInTheDocument();
      expect(await nameBox()).toHaveValue('Old name and more');
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument(),
      );
      expect(await nameBox()).toHaveValue('Old name and more');
    });

    it('asks on every Escape: Escape on the question keeps editing, Escape again asks again', async () => {
      server.routes = renameRoutes('34');
      const user = await openAction({ self: '/organisation/34', actionId: 'Rename' });
      await user.type(await nameBox(), ' changed');
      await user.keyboard('{Escape}');
      await screen.findByRole('dialog', { name: 'Unsaved changes' });
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument(),
      );
      expect(await nameBox()).toHaveValue('Old name changed');
      await user.keyboard('{Escape}');
      const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      expect(within(again).getByText('Discard your changes?')).toBeInTheDocument();
      await user.click(within(again).getByRole('button', { name: 'Discard' }));
      await gone();
    });

    it('closes when the user discards, asked from Cancel', async () => {
      server.routes = renameRoutes('31');
      const user = await openAction({ self: '/organisation/31', actionId: 'Rename' });
      await user.type(await nameBox(), 'x');
      await user.click(within(await renameDialog()).getByRole('button', { name: 'Cancel' }));
      const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      await user.click(within(question).getByRole('button', { name: 'Discard' }));
      await gone();
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    });

    it('closes at once without changes, and when the typing is undone', async () => {
      server.routes = renameRoutes('32');
      const user = await openAction({ self: '/organisation/32', actionId: 'Rename' });
      await nameBox();
      await user.keyboard('{Escape}');
      await gone();
      await user.click(screen.getByRole('button', { name: 'Open action' }));
      await user.type(await nameBox(), 'x{Backspace}');
      await user.click(within(await renameDialog()).getByRole('button', { name: 'Cancel' }));
      await gone();
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    });

    it('closes after a successful submit without asking', async () => {
      server.routes = renameRoutes('33');
      const user = await openAction({ self: '/organisation/33', actionId: 'Rename' });
      await user.type(await nameBox(), ' renamed');
      await user.click(within(await renameDialog()).getByRole('button', { name: 'Rename' }));
      expect(await screen.findByText('Rename organisation succeeded')).toBeInTheDocument();
      await gone();
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    });
  });
});
