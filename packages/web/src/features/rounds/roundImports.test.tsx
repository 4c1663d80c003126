import { File as NodeFile } from 'node:buffer';
import { buildActionFormData, type ImportDataPreview, importData, importMatch } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Opener } from '../../actions/testing/interact.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderWithPanel } from '../../actions/testing/render.tsx';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import './ImportDataPreview.tsx';
import { RoundDatasets } from './RoundDatasets.tsx';
import { roundOf } from './testing/fixtures.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.received.length = 0;
  // jsdom's FormData and File cannot travel through Node's fetch; the browser's own classes are used there.
  vi.stubGlobal('FormData', (await new Response(new URLSearchParams('probe=1')).formData()).constructor);
});
afterEach(() => vi.unstubAllGlobals());

const csvFile = (name: string, text: string) =>
  new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

/** Chooses a file for the nth File field of the open form (in the order of the action's fields). */
const chooseFile = async (user: ReturnType<typeof userEvent.setup>, index: number, file: File) => {
  const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[index];
  if (!input) throw new Error(`No file input ${index}`);
  await user.upload(input, file);
};

const PREVIEW: ImportDataPreview = {
  offers: [
    {
      project: { id: 'p1', name: 'Meadow restoration', self: '/project/p1' },
      supplier: 'Wetland Trust',
      offer: 2500,
      before: 2000,
    },
  ],
  bids: [
    {
      requirement: { id: 'q1', name: 'Housing at Mill Lane', self: '/requirement/q1' },
      bidder: 'Harbour Homes',
      bid: 9000,
      acceptOngoingOnly: false,
      bidOngoingOnly: null,
      before: null,
    },
  ],
  rows: 4,
  unchanged: 2,
  errors: [],
};

describe('the Data sets card', () => {
  const show = (round: ReturnType<typeof roundOf>) =>
    renderPage([{ path: '/', page: () => <RoundDatasets round={round} /> }], {
      at: '/',
      apiBase: server.origin,
      user: operator,
    });

  it('links each data set as CSV and as a workbook; the winners only after a result', async () => {
    show(roundOf({ id: 'r1', status: 'ClosedForBidsAndOffers', latestTask: null }));
    const card = await screen.findByRole('region', { name: 'Data sets' });
    expect(within(card).getByRole('link', { name: 'Suppliers as CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/round/r1/datasets/suppliers.csv`,
    );
    expect(within(card).getByRole('link', { name: 'Buyers as Excel workbook' })).toHaveAttribute(
      'href',
      `${server.origin}/api/round/r1/datasets/buyers.xlsx`,
    );
    expect(within(card).getByRole('link', { name: 'Participant data as CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/round/r1/datasets/participants.csv`,
    );
    const winners = within(card).getByRole('rowheader', { name: 'Winners' }).closest('tr') as HTMLElement;
    expect(winners).toHaveTextContent('After a result');
    expect(within(winners).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links the winners once the latest task has a result', async () => {
    show(
      roundOf({
        id: 'r1',
        status: 'Pending',
        latestTask: {
          id: 't1',
          self: '/solver/task/t1',
          status: 'Succeeded',
          progress: null,
          timeLimitSeconds: 0,
          reason: null,
          queuedAt: '2026-04-01T10:00:00.000Z',
          finishedAt: '2026-04-01T10:00:00.000Z',
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Data sets' });
    expect(within(card).getByRole('link', { name: 'Winners as CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/round/r1/datasets/winners.csv`,
    );
  });
});

describe('the Import data dialog', () => {
  const open = async () => {
    server.routes = {
      'GET /api/round/r1/action/ImportData': {
        body: buildActionFormData(importData, {
          initialValues: { bidderType: 'Buyers', creditType: 'Biodiversity' },
        }),
      },
    };
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/round/r1', actionId: 'ImportData' }} />, server.origin);
    await user.click(screen.getByRole('button', { name: 'Open action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import data' });
    return { user, dialog };
  };

  it('checks the chosen files first and shows every row’s problem by row, column and message', async () => {
    const { user, dialog } = await open();
    expect(within(dialog).queryByRole('button', { name: 'Check the files' })).not.toBeInTheDocument();
    await chooseFile(user, 1, csvFile('suppliers.csv', 'project,offer\r\nMeadow restoration,lots\r\n'));
    server.routes['POST /api/round/r1/import-data/preview'] = {
      body: {
        ...PREVIEW,
        offers: [],
        bids: [],
        errors: [
          {
            file: 'suppliersCSV',
            sheet: null,
            row: 2,
            column: 'offer',
            message: 'Must be a number greater than 0, or blank to leave it unchanged',
          },
          {
            file: 'buyersCSV',
            sheet: null,
            row: null,
            column: null,
            message: 'The buyers data set needs the column bid',
          },
        ],
      } satisfies ImportDataPreview,
    };
    await user.click(within(dialog).getByRole('button', { name: 'Check the files' }));
    const problems = await within(dialog).findByRole('table', { name: 'Rows with problems' });
    const rows = within(problems).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Suppliers', '2', 'offer', 'Must be a number greater than 0, or blank to leave it unchanged'],
      ['Buyers', 'Whole file', '—', 'The buyers data set needs the column bid'],
    ]);
    expect(
      within(dialog).getByText('2 problems: nothing will be imported until they are put right.'),
    ).toBeInTheDocument();
    const request = server.received.find((r) => r.path === '/api/round/r1/import-data/preview');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(request?.body).toMatch(/name="suppliersCSV"; filename="suppliers.csv"/);
    expect(request?.body).toMatch(
      /name="submission"\r\n\r\n\{"bidderType":"Buyers","creditType":"Biodiversity"/,
    );
  });

  it('shows the offers and bids it would set beside the ones they replace, and says when the check failed', async () => {
    const { user, dialog } = await open();
    await chooseFile(user, 1, csvFile('suppliers.csv', 'project,offer\r\nMeadow restoration,2500\r\n'));
    server.routes['POST /api/round/r1/import-data/preview'] = { body: PREVIEW };
    await user.click(within(dialog).getByRole('button', { name: 'Check the files' }));
    const offers = await within(dialog).findByRole('table', { name: 'Offers to set' });
    expect(offers).toHaveTextContent('Meadow restoration');
    expect(offers).toHaveTextContent('£2,500');
    expect(offers).toHaveTextContent('£2,000');
    const bids = within(dialog).getByRole('table', { name: 'Bids to set' });
    expect(bids).toHaveTextContent('Housing at Mill Lane');
    expect(
      within(dialog).getByText('4 rows read: 1 offer and 1 bid to set, 2 rows left as they are.'),
    ).toBeInTheDocument();

    server.routes['POST /api/round/r1/import-data/preview'] = {
      status: 409,
      body: {
        error: 'invalid_status',
        message: 'Import data is not possible while this market round is pending',
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Check the files' }));
    expect(
      await within(dialog).findByText(/not possible while this market round is pending/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Offers to set' })).not.toBeInTheDocument();
  });
});

describe('the Import match dialog', () => {
  it('lists the winners file’s problems with the lines at fault', async () => {
    server.routes = {
      'GET /api/round/r1/action/ImportMatch': {
        body: buildActionFormData(importMatch, {
          initialValues: { reserve: 10, reserveAppliesTo: 'supply' },
        }),
      },
      'POST /api/round/r1/action/ImportMatch': {
        status: 422,
        body: {
          error: 'validation',
          message: 'The winners file cannot be imported: 2 problems',
          errors: [
            {
              path: 'winnersCSV',
              message:
                'Lines 2, 3: Project p1 sells 25 units of service s1 in 2027, more than the 18 it has to sell',
            },
            { path: 'winnersCSV', message: 'Line 4: Requirement "q9" is not in this round\'s clearing' },
          ],
        },
      },
    };
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/round/r1', actionId: 'ImportMatch' }} />, server.origin);
    await user.click(screen.getByRole('button', { name: 'Open action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import match' });
    await chooseFile(user, 0, csvFile('winners.csv', 'project,service,requirement,year,units\r\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'POST')).toBe(true));
    expect(await within(dialog).findByText(/Lines 2, 3: Project p1 sells 25 units/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Show errors/ }));
    expect(
      within(dialog).getAllByText(/Line 4: Requirement "q9" is not in this round's clearing/).length,
    ).toBeGreaterThan(0);
  });
});
