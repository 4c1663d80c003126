import type { OutboxAnswer, OutboxMessage } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OutboxSection } from './OutboxSection.tsx';

const sysadmin = userWith(['admin', 'sysadmin']);
const PAGES = [{ path: '/system', page: OutboxSection }];

const mail = (id: number, more: Partial<OutboxMessage>): OutboxMessage => ({
  id,
  to: 'sam@example.org',
  subject: 'Subject',
  text: 'Body',
  link: null,
  status: 'Sent',
  attempts: 1,
  lastError: null,
  createdAt: '2025-09-03T08:05:00.000Z',
  nextAttemptAt: null,
  sentAt: '2025-09-03T08:05:00.000Z',
  ...more,
});

const answer = (items: OutboxMessage[], more: Partial<OutboxAnswer> = {}): OutboxAnswer => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
  transport: 'smtp',
  counts: { Pending: 0, Sending: 0, Sent: 0, Failed: 0 },
  ...more,
});

const confirmation = mail(2, {
  subject: 'Your Curlew confirmation code',
  text: 'Your code is 123456',
  link: 'http://localhost:3000/confirmSignUp?email=sam%40example.org',
  status: 'Pending',
  attempts: 0,
  sentAt: null,
  nextAttemptAt: '2025-09-03T08:05:00.000Z',
});
const failed = mail(1, {
  to: 'ann@example.org',
  subject: 'Registration for Solent - Round 1 has closed',
  text: 'Registration has closed.',
  link: 'http://localhost:3000/markets/m1/round/r1',
  status: 'Failed',
  attempts: 10,
  lastError: '550 Mailbox unavailable',
  sentAt: null,
  createdAt: '2025-01-15T23:30:00.000Z',
});

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('System page: the mail outbox section', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const show = () => renderPage(PAGES, { at: '/system', apiBase: server.origin, user: sysadmin });

  it('lists e-mails with recipient, subject, time (UK), message, link and delivery, and filters by recipient and status', async () => {
    const counts = { Pending: 1, Sending: 0, Sent: 0, Failed: 1 };
    server.routes = {
      'GET /api/mail?pageSize=50': { body: answer([confirmation, failed], { counts }) },
      'GET /api/mail?to=ann%40example.org&pageSize=50': {
        body: answer([failed], { counts: { ...counts, Pending: 0 } }),
      },
      'GET /api/mail?to=ann%40example.org&status=Pending&pageSize=50': {
        body: answer([], { counts: { ...counts, Pending: 0 } }),
      },
    };
    show();
    expect(screen.getByRole('heading', { level: 2, name: 'Mail outbox' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent e-mails, newest first' });
    expect(cellsOf(table)).toEqual([
      [
        'sam@example.org',
        'Your Curlew confirmation code',
        '3 Sep 2025, 09:05',
        'Your code is 123456Links to http://localhost:3000/confirmSignUp?email=sam%40example.org',
        'Pending',
      ],
      [
        'ann@example.org',
        'Registration for Solent - Round 1 has closed',
        '15 Jan 2025, 23:30',
        'Registration has closed.Links to http://localhost:3000/markets/m1/round/r1',
        'Failed10 attemptsLast error: 550 Mailbox unavailableSend again',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'http://localhost:3000/markets/m1/round/r1' })).toHaveAttribute(
      'href',
      'http://localhost:3000/markets/m1/round/r1',
    );
    expect(screen.getByText(/E-mails are sent through the mail server \(SMTP_URL\)/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (2)' })).toBeChecked();

    await userEvent.type(screen.getByLabelText('Recipient', { exact: false }), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await expect.poll(() => within(screen.getByRole('table')).getAllByRole('row').length).toBe(2);
    expect(screen.queryByText('sam@example.org')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Pending (0)' }));
    expect(await screen.findByText('No e-mails to ann@example.org that are pending.')).toBeInTheDocument();
  });

  it('sends a failed e-mail again and shows it queued', async () => {
    let retried = false;
    server.routes = {
      'GET /api/mail?pageSize=50': () => ({
        body: answer([retried ? { ...failed, status: 'Pending', attempts: 0 } : failed]),
      }),
      'POST /api/mail/1/retry': () => {
        retried = true;
        return { body: { ...failed, status: 'Pending', attempts: 0 } };
      },
    };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Send again to ann@example.org' }));
    await expect
      .poll(() => cellsOf(screen.getByRole('table'))[0]?.[4])
      .toBe('PendingLast error: 550 Mailbox unavailable');
    expect(server.received.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/api/mail/1/retry',
    ]);
  });

  it('hides the body of an e-mail carrying a code (production) and says when nothing is sent', async () => {
    server.routes = {
      'GET /api/mail?pageSize=50': {
        body: answer([{ ...confirmation, text: null }], { transport: 'none' }),
      },
    };
    show();
    expect(
      await screen.findByText('Not shown: it carries a code that opens an account.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/No mail server is configured \(SMTP_URL\), so e-mails are kept here/),
    ).toBeInTheDocument();
  });

  it('says when there are no e-mails', async () => {
    server.routes = { 'GET /api/mail?pageSize=50': { body: answer([]) } };
    show();
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loading state, then the error when the outbox cannot be read', async () => {
    server.routes = {
      'GET /api/mail?pageSize=50': {
        status: 403,
        body: { error: 'forbidden', message: 'Only a system administrator may read the mail outbox' },
        delayMs: 300,
      },
    };
    show();
    expect(await screen.findByRole('status', { name: 'Loading the mail outbox' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The mail outbox could not be loaded: Only a system administrator may read the mail outbox',
      ),
    ).toBeInTheDocument();
  });
});
