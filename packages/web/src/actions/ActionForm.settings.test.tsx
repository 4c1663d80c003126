import { buildActionFormData, updateRequirement } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Opener } from './testing/interact.tsx';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderWithPanel } from './testing/render.tsx';

const WARNING = 'Changing type will remove all data from the credit requirement';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/requirement/q1/action/Update': {
      body: buildActionFormData(updateRequirement, {
        initialValues: { name: 'Harbour homes phase 2', type: 'Buyer' },
        settings: { currentType: 'Buyer' },
      }),
    },
  });
});
afterAll(() => server.close());

describe('warnings that read the form settings', () => {
  it("warns when the type differs from the server's current type, and stops when it is chosen again", async () => {
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/requirement/q1', actionId: 'Update' }} />, server.origin);
    await user.click(screen.getByRole('button', { name: 'Open action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update details' });
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Requirement for', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'An investor' }));
    expect(await within(dialog).findByText(WARNING)).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Requirement for', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'A buyer (development)' }));
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();
  });
});
