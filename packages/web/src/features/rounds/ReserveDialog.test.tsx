import { buildActionFormData, setReserveInfo } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Opener } from '../../actions/testing/interact.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderWithPanel } from '../../actions/testing/render.tsx';

const WARNING = 'The recommended range is 10% to 20%';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/round/r1/action/SetReserveInfo': {
      body: buildActionFormData(setReserveInfo, {
        initialValues: { percentage: 15, appliesTo: 'allDemand', agreedWithEMB: false },
      }),
    },
    'POST /api/round/r1/action/SetReserveInfo': { body: { context: { id: 'r1', self: '/round/r1' } } },
  });
});
afterAll(() => server.close());

describe('the credit reserve dialog', () => {
  it('warns outside 10% to 20% and still saves', async () => {
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/round/r1', actionId: 'SetReserveInfo' }} />, server.origin);
    await user.click(screen.getByRole('button', { name: 'Open action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set credit reserve' });
    const percentage = within(dialog).getByRole('textbox', { name: /Credit reserve/ });
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();

    await user.clear(percentage);
    await user.type(percentage, '25');
    expect(await within(dialog).findByText(WARNING)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /agreed with the EMB/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.received.some((request) => request.method === 'POST')).toBe(true));
    const post = server.received.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/round/r1/action/SetReserveInfo');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      percentage: 25,
      appliesTo: 'allDemand',
      agreedWithEMB: true,
    });
    expect(await screen.findByText('Set credit reserve succeeded')).toBeInTheDocument();
  });

  it('says nothing inside the recommended range', async () => {
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/round/r1', actionId: 'SetReserveInfo' }} />, server.origin);
    await user.click(screen.getAllByRole('button', { name: 'Open action' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Set credit reserve' });
    const percentage = within(dialog).getByRole('textbox', { name: /Credit reserve/ });
    await user.clear(percentage);
    await user.type(percentage, '12');
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();
  });
});
