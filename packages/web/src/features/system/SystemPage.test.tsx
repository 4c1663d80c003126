import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { SystemPage } from './SystemPage.tsx';

const sysadmin = userWith(['admin', 'sysadmin']);
const PAGES = [{ path: '/system', page: SystemPage }];

const mail = (id: number, to: string, subject: string, text: string, createdAt: string) => ({
  id,
  to,
  subject,
  text,
  createdAt,
});

describe('System page: the mail outbox', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const show = () => renderPage(PAGES, { at: '/system', apiBase: server.origin, user: sysadmin });

  it('lists recent e-mails with recipient, subject, time (UK) and message, and filters by recipient', async () => {
    server.routes = {
      'GET /api/dev/outbox': {
        body: [
          mail(
            2,
            'sam@example.org',
            'Your Curlew confirmation code',
            'Your code is 123456',
            '2025-09-03T08:05:00.000Z',
          ),
          mail(
            1,
            'ann@example.org',
            'Reset your password',
            'Your code is 654321',
            '2025-01-15T23:30:00.000Z',
          ),
        ],
      },
      'GET /api/dev/outbox?to=ann%40example.org': {
        body: [
          mail(
            1,
            'ann@example.org',
            'Reset your password',
            'Your code is 654321',
            '2025-01-15T23:30:00.000Z',
          ),
        ],
      },
    };
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent e-mails, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['sam@example.org', 'Your Curlew confirmation code', '3 Sep 2025 09:05', 'Your code is 123456'],
      ['ann@example.org', 'Reset your password', '15 Jan 2025 23:30', 'Your code is 654321'],
    ]);

    await userEvent.type(screen.getByLabelText('Recipient', { exact: false }), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await expect.poll(() => within(screen.getByRole('table')).getAllByRole('row').length).toBe(2);
    expect(screen.queryByText('sam@example.org')).not.toBeInTheDocument();
    expect(screen.getByText('ann@example.org')).toBeInTheDocument();
  });

  it('says when there are no e-mails', async () => {
    server.routes = { 'GET /api/dev/outbox': { body: [] } };
    show();
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loading state, then the error when the outbox cannot be read', async () => {
    server.routes = {
      'GET /api/dev/outbox': {
        status: 403,
        body: { error: 'forbidden', message: 'Only a system administrator may read the mail outbox' },
        delayMs: 300,
      },
    };
    show();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The mail outbox could not be loaded: Only a system administrator may read the mail outbox',
      ),
    ).toBeInTheDocument();
  });

  it('explains that a production server keeps no outbox', async () => {
    server.routes = {};
    show();
    expect(
      await screen.findByText(
        'This server keeps no mail outbox to show: it runs in production, where e-mail is sent, not kept.',
      ),
    ).toBeInTheDocument();
  });
});
