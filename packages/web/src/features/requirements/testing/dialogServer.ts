import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearOptionsCache } from '../../../actions/optionsSource.ts';
import { type LocalServer, startLocalServer } from '../../../actions/testing/localServer.ts';
import { signedIn } from '../../organisations/testing/fixtures.ts';

/** The signed-in buyer the requirement dialogs open as. */
export const buyer = signedIn(['participant'], { id: 'o2', name: 'Harbour Homes', type: 'PARTICIPANT' });

/**
 * The local server of a requirement dialog test file, started before its tests and closed after them; each test
 * starts with no request received, no notification and no cached options, with Node's FormData. Also answers the
 * requests received so far, as "METHOD path". Call once at the top of the file.
 */
export function requirementDialogServer(): { server: LocalServer; requests: () => string[] } {
  let started: LocalServer | undefined;
  const current = (): LocalServer => {
    if (started === undefined) throw new Error('The local server has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startLocalServer();
  });
  afterAll(() => started?.close());
  beforeEach(async () => {
    current().received.length = 0;
    notifications.clean();
    clearOptionsCache();
    // jsdom's FormData and File cannot travel through Node's fetch; the browser's own classes are used there.
    const nodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor;
    vi.stubGlobal('FormData', nodeFormData);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const server: LocalServer = {
    get origin() {
      return current().origin;
    },
    get received() {
      return current().received;
    },
    get routes() {
      return current().routes;
    },
    set routes(routes) {
      current().routes = routes;
    },
    close: () => current().close(),
  };
  const requests = () => server.received.map((request) => `${request.method} ${request.path}`);
  return { server, requests };
}

/** Chooses an option of a select field of a dialog. */
export const choose = async (user: UserEvent, dialog: HTMLElement, label: string, option: string) => {
  await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** The dialog of an action once its form has loaded. */
export const loaded = async (title: string) => {
  await screen.findByRole('form', { name: title });
  return screen.getByRole('dialog', { name: title });
};

/** Answers a Yes/No question of a dialog. */
export const answer = async (
  user: UserEvent,
  dialog: HTMLElement,
  question: string,
  choice: 'Yes' | 'No',
) => {
  const group = within(dialog).getByRole('radiogroup', {
    name: new RegExp(`^${question.replace('?', '\\?')}`),
  });
  await user.click(within(group).getByRole('radio', { name: choice }));
};
