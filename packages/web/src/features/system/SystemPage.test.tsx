import type { OutboxAnswer, SystemState, SystemTask } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, type Routes, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { SystemPage } from './SystemPage.tsx';

const sysadmin = userWith(['admin', 'sysadmin']);
const PAGES = [{ path: '/system', page: SystemPage }];

const TASK_ID = '0b6c3a4e-8d1f-4c57-9a2e-5f7d9e1b2c3a';
const FAILED_ID = '7e2a9c1d-3b4f-4e6a-8c5d-1f2e3a4b5c6d';

const backup = (name: string, createdAt: string, bytes: number) => ({ name, createdAt, bytes });

const state = (more: Partial<SystemState> = {}): SystemState => ({
  version: '0.1.0',
  environment: 'development',
  database: {
    ok: true,
    driver: 'PostgreSQL',
    milliseconds: 1.4,
    migrationsApplied: 41,
    migrationsInBuild: 41,
  },
  sessionsInUse: 7,
  mail: { Pending: 2, Sent: 5, Failed: 1 },
  solverTasks: { Running: 1, Failed: 1 },
  backups: {
    items: [
      backup('curlew-20250903-080500000.pgdump', '2025-09-03T08:05:00.000Z', 2_516_582),
      backup('curlew-20250115-233000000.pgdump', '2025-01-15T23:30:00.000Z', 512),
    ],
    daily: false,
    keep: 7,
    restoreHere: true,
  },
  resetAllowed: true,
  ...more,
});

const running: SystemTask = {
  id: TASK_ID,
  status: 'Running',
  roundName: 'Solent - Round 1',
  reason: null,
  attempts: 1,
  queuedAt: '2025-09-03T08:05:00.000Z',
  startedAt: '2025-09-03T08:06:00.000Z',
  finishedAt: null,
  cancelRequested: false,
};
const failedTask: SystemTask = {
  id: FAILED_ID,
  status: 'Failed',
  roundName: 'Cornwall - Round 2',
  reason: 'The solver ran out of memory',
  attempts: 3,
  queuedAt: '2025-01-15T23:30:00.000Z',
  startedAt: '2025-01-15T23:31:00.000Z',
  finishedAt: '2025-01-15T23:40:00.000Z',
  cancelRequested: false,
};

const noMail: OutboxAnswer = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 50,
  transport: 'none',
  counts: { Pending: 0, Sending: 0, Sent: 0, Failed: 0 },
};

const routes = (system: SystemState, tasks: SystemTask[], more: Routes = {}): Routes => ({
  'GET /api/system': { body: system },
  'GET /api/system/tasks': { body: { items: tasks } },
  'GET /api/mail?pageSize=50': { body: noMail },
  ...more,
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

const section = (name: string) => screen.getByRole('region', { name });
const posts = (server: LocalServer) =>
  server.received.filter((request) => request.method === 'POST').map((r) => [r.path, r.body]);

describe('System page', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const show = () => {
    server.received.length = 0;
    return renderPage(PAGES, { at: '/system', apiBase: server.origin, user: sysadmin });
  };

  it('shows the health: database, migrations, version, environment, sessions, e-mails and solver tasks', async () => {
    server.routes = routes(state(), [running, failedTask]);
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
    const health = await screen.findByRole('table', { name: 'The system now' });
    expect(
      within(health)
        .getAllByRole('row')
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          within(row).getByRole('cell').textContent,
        ]),
    ).toEqual([
      ['Database', 'AnsweringPostgreSQL, 1.4 ms'],
      ['Migrations', '41 of 41 applied'],
      ['Version', '0.1.0'],
      ['Environment', 'development'],
      ['Sessions in use', '7'],
      ['E-mails', '2 waiting, 5 sent, 1 failed'],
      ['Solver tasks', '1 running, 1 failed'],
    ]);
  });

  it('says when the database does not answer or is behind this build', async () => {
    const database = { ok: false, driver: 'PostgreSQL', milliseconds: null, migrationsApplied: null };
    server.routes = routes(
      state({ database: { ...database, migrationsInBuild: 41 }, mail: {}, solverTasks: {} }),
      [],
    );
    const first = show();
    const health = await screen.findByRole('table', { name: 'The system now' });
    expect(within(health).getByText('Not answering')).toBeInTheDocument();
    expect(within(health).getByText('Unknown: the database does not answer')).toBeInTheDocument();
    expect(within(health).getAllByText('None')).toHaveLength(2);
    first.unmount();

    server.routes = routes(state({ database: { ...state().database, migrationsApplied: 39 } }), []);
    show();
    expect(
      await screen.findByText(
        '39 of 41 applied: the database is behind this build, restart the server to migrate it',
      ),
    ).toBeInTheDocument();
  });

  it('lists solver tasks without their ids, and cancels a running one', async () => {
    let cancelled = false;
    server.routes = routes(state(), [], {
      'GET /api/system/tasks': () => ({
        body: { items: [cancelled ? { ...running, cancelRequested: true } : running, failedTask] },
      }),
      [`POST /api/system/tasks/${TASK_ID}/cancel`]: () => {
        cancelled = true;
        return { body: { status: 'Running', message: 'The task will stop at its next heartbeat' } };
      },
    });
    show();
    const table = await screen.findByRole('table', { name: 'The latest 50 solver tasks, newest first' });
    expect(cellsOf(table)).toEqual([
      ['Solent - Round 1', 'RunningCancel', '', '1', '3 Sep 2025, 09:05', '3 Sep 2025, 09:06', ''],
      [
        'Cornwall - Round 2',
        'Failed',
        'The solver ran out of memory',
        '3',
        '15 Jan 2025, 23:30',
        '15 Jan 2025, 23:31',
        '15 Jan 2025, 23:40',
      ],
    ]);
    expect(document.body.textContent).not.toContain(TASK_ID);
    expect(document.body.textContent).not.toContain(FAILED_ID);
    expect(within(table).getAllByRole('button', { name: /^Cancel/ })).toHaveLength(1);

    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the task of Solent - Round 1' }));
    await expect.poll(() => cellsOf(table)[0]?.[1]).toBe('RunningStopping at its next heartbeat');
    expect(posts(server)).toEqual([[`/api/system/tasks/${TASK_ID}/cancel`, '{}']]);
    expect(
      await screen.findByText('Solent - Round 1: The task will stop at its next heartbeat'),
    ).toBeVisible();
  });

  it('lists backups with their download, makes one, and restores one only with the typed confirmation', async () => {
    const made = backup('curlew-20251128-021500000.pgdump', '2025-11-28T02:15:00.000Z', 3_000_000);
    let backups = state().backups.items;
    server.routes = routes(state(), [running], {
      'GET /api/system': () => ({ body: state({ backups: { ...state().backups, items: backups } }) }),
      'POST /api/system/backups': () => {
        backups = [made, ...backups];
        return { body: made };
      },
      'POST /api/system/backups/curlew-20250115-233000000.pgdump/restore': {
        body: {
          message: 'Restored curlew-20250115-233000000.pgdump. Everyone, you included, signs in again.',
        },
      },
    });
    show();
    const table = await screen.findByRole('table', { name: 'Backups, newest first' });
    expect(cellsOf(table)).toEqual([
      ['curlew-20250903-080500000.pgdump', '3 Sep 2025, 09:05', '2.40 Mb', 'DownloadRestore'],
      ['curlew-20250115-233000000.pgdump', '15 Jan 2025, 23:30', '0.50 Kb', 'DownloadRestore'],
    ]);
    expect(
      within(table).getByRole('link', { name: 'Download curlew-20250903-080500000.pgdump' }),
    ).toHaveAttribute(
      'href',
      `${server.origin}/api/system/backups/curlew-20250903-080500000.pgdump/download`,
    );
    expect(
      within(section('Backups')).getByText(
        'The server makes no daily backup: make one here or with npm run backup.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make a backup' }));
    await expect
      .poll(() => cellsOf(table).map((row) => row[0]))
      .toEqual([
        'curlew-20251128-021500000.pgdump',
        'curlew-20250903-080500000.pgdump',
        'curlew-20250115-233000000.pgdump',
      ]);
    expect(cellsOf(table)[0]?.slice(1, 3)).toEqual(['28 Nov 2025, 02:15', '2.86 Mb']);

    await userEvent.click(screen.getByRole('button', { name: 'Restore curlew-20250115-233000000.pgdump' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore curlew-20250115-233000000.pgdump' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore this backup' });
    await userEvent.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'restore');
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Type RESTORE to confirm'));
    await userEvent.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'RESTORE');
    await userEvent.click(confirm);
    expect(
      await within(dialog).findByText(
        'Restored curlew-20250115-233000000.pgdump. Everyone, you included, signs in again.',
      ),
    ).toBeInTheDocument();
    expect(posts(server)).toEqual([
      ['/api/system/backups', '{}'],
      ['/api/system/backups/curlew-20250115-233000000.pgdump/restore', '{"confirmation":"RESTORE"}'],
    ]);
  });

  it('resets the database only with RESET typed', async () => {
    server.routes = routes(state(), [], {
      'POST /api/sysadmin/reset-database': {
        body: { message: 'The database is back to the demo data. Sign in again with a demo account.' },
      },
    });
    show();
    const reset = await screen.findByRole('button', { name: 'Reset to the demo data' });
    const field = screen.getByLabelText('Type RESET to confirm');
    await userEvent.type(field, 'reset');
    expect(reset).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'RESET');
    await userEvent.click(reset);
    expect(
      await within(section('Reset the database')).findByText(
        'The database is back to the demo data. Sign in again with a demo account.',
      ),
    ).toBeInTheDocument();
    expect(posts(server)).toEqual([['/api/sysadmin/reset-database', '{"confirmation":"RESET"}']]);
  });

  it('in production offers neither restore nor reset, and says why', async () => {
    server.routes = routes(
      state({
        environment: 'production',
        resetAllowed: false,
        backups: { ...state().backups, daily: false, restoreHere: false },
      }),
      [],
    );
    show();
    await screen.findByRole('table', { name: 'Backups, newest first' });
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to the demo data' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Type RESET to confirm')).not.toBeInTheDocument();
    expect(
      within(section('Backups')).getByText(/^Restoring from the System page is turned off in production/),
    ).toBeInTheDocument();
    expect(
      within(section('Reset the database')).getByText(
        "Resetting the database is turned off in production (NODE_ENV=production): it would replace the market's data.",
      ),
    ).toBeInTheDocument();
  });

  it('says when there are no solver tasks and no backups; the embedded database is restored with the server stopped', async () => {
    server.routes = routes(
      state({ backups: { items: [], daily: true, keep: 7, restoreHere: false }, solverTasks: {} }),
      [],
    );
    show();
    expect(
      await screen.findByText('No solver tasks yet: one is queued when a round is matched.'),
    ).toBeInTheDocument();
    const backups = section('Backups');
    expect(await within(backups).findByText('No backups yet.')).toBeInTheDocument();
    expect(
      within(backups).getByText('The server makes a backup every day and keeps the latest 7 daily ones.'),
    ).toBeInTheDocument();
    expect(
      within(backups).getByText(
        'The embedded database is restored with the server stopped: npm run restore -- <backup file>.',
      ),
    ).toBeInTheDocument();
    expect(within(backups).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows each section loading, then its failure', async () => {
    const refused = {
      status: 500,
      body: { error: 'internal', message: 'Something went wrong on our side' },
      delayMs: 300,
    };
    server.routes = routes(state(), [], { 'GET /api/system': refused, 'GET /api/system/tasks': refused });
    show();
    expect(await screen.findByRole('status', { name: 'Loading the health' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the solver tasks' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the backups' })).toBeInTheDocument();
    for (const sentence of [
      'The health could not be loaded: Something went wrong on our side',
      'The solver tasks could not be loaded: Something went wrong on our side',
      'The backups could not be loaded: Something went wrong on our side',
      'Whether the database may be reset could not be loaded: Something went wrong on our side',
    ])
      expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a backup' })).not.toBeInTheDocument();
  });
});
