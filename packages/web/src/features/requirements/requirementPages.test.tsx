import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { LpaRequirementsPage, OperatorRequirementsPage } from './RequirementsPage.tsx';
import { groupOf, requirementRowOf } from './testing/fixtures.ts';

const list = (query = '') =>
  `GET /api/requirements?${query}${query === '' ? '' : '&'}sort=createdAt&order=desc&page=1&pageSize=25`;
const ROUNDS = 'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100';
const LPAS = 'GET /api/lpas';
const lpa = signedIn(['lpa'], { id: 'l1', name: 'Test Valley', type: 'LPA' });

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  // The need runs from the year after today to the AMP end (2029): 2027, 2028 and 2029.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const requests = () => server.received.map((request) => `${request.method} ${request.path}`);

const filterOptions = {
  [ROUNDS]: {
    body: listOf([
      { id: 'r1', name: 'Spring 2026' },
      { id: 'r2', name: 'Autumn 2025' },
    ]),
  },
  [LPAS]: { body: [{ id: 'l1', name: 'Test Valley' }] },
};

describe("operator's credit requirements list", () => {
  const rows = [
    requirementRowOf({ id: 'q1' }),
    requirementRowOf({
      id: 'q2',
      name: 'Meadow investment',
      type: 'Investor',
      status: 'Draft',
      buyer: { id: 'o3', name: 'Green Capital' },
      round: null,
      creditTypes: ['Biodiversity'],
      units: 4,
      lpa: null,
      planningRef: null,
      redemptionDate: null,
    }),
  ];

  it('lists requirements with their buyer, status, round, credit types and LPA, offers create and CSV', async () => {
    server.routes = {
      ...filterOptions,
      [list()]: {
        body: listOf(rows, {
          actions: [{ id: 'CreateRequirement', title: 'Add credit requirement', enabled: true }],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    const table = await screen.findByRole('table', { name: 'Credit requirements' });
    const plot = (await within(table).findByRole('link', { name: 'Plot 4 nitrogen' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(table).getByRole('link', { name: 'Plot 4 nitrogen' })).toHaveAttribute(
      'href',
      '/credit-requirements/q1',
    );
    expect(plot).toHaveTextContent('Harbour Homes');
    expect(plot).toHaveTextContent('Registered');
    expect(plot).toHaveTextContent('Spring 2026');
    expect(plot).toHaveTextContent('Nitrogen');
    expect(plot).toHaveTextContent('Test Valley');
    const meadow = within(table)
      .getByRole('link', { name: 'Meadow investment' })
      .closest('tr') as HTMLElement;
    expect(meadow).toHaveTextContent('Investor');
    expect(meadow).toHaveTextContent('Draft');
    expect(meadow).toHaveTextContent('Biodiversity');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add credit requirement' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/requirements?sort=createdAt&order=desc&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${server.origin}/api/requirements?sort=createdAt&order=desc&format=xlsx`,
    );
    expect(table).not.toHaveTextContent('£');
  });

  it('sorts on the server by a column', async () => {
    const user = userEvent.setup();
    server.routes = {
      ...filterOptions,
      [list()]: { body: listOf(rows) },
      'GET /api/requirements?sort=name&order=asc&page=1&pageSize=25': { body: listOf([...rows].reverse()) },
    };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    const table = await screen.findByRole('table', { name: 'Credit requirements' });
    await within(table).findByRole('link', { name: 'Plot 4 nitrogen' });
    await user.click(within(table).getByRole('button', { name: /Requirement/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Meadow investment'));
    expect(within(table).getByRole('columnheader', { name: /Requirement/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/credit-requirements?sort=name&order=asc');
  });

  it('filters by round, status, type, credit type and LPA on the server, and the CSV follows', async () => {
    const user = userEvent.setup();
    server.routes = {
      ...filterOptions,
      [list()]: { body: listOf(rows) },
      [list('roundId=r1')]: { body: listOf([rows[0]]) },
      [list('roundId=r1&status=Registered')]: { body: listOf([rows[0]]) },
      [list('roundId=r1&status=Registered&type=Buyer')]: { body: listOf([rows[0]]) },
      [list('roundId=r1&status=Registered&type=Buyer&creditType=NutrientMitigationNitrogen')]: {
        body: listOf([rows[0]]),
      },
      [list('roundId=r1&status=Registered&type=Buyer&creditType=NutrientMitigationNitrogen&lpaId=l1')]: {
        body: listOf([]),
      },
      'GET /api/requirement-groups?roundId=r1': { body: listOf([groupOf({ id: 'g1' })]) },
    };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    const table = await screen.findByRole('table', { name: 'Credit requirements' });
    await within(table).findByRole('link', { name: 'Meadow investment' });
    const choose = async (label: string, option: string) => {
      await user.click(screen.getByLabelText(label, { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Market round', 'Spring 2026');
    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Meadow investment' })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('link', { name: 'Plot 4 nitrogen' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Plot 4 development' })).toHaveAttribute(
      'href',
      '/requirement-group/g1',
    );
    await choose('Status', 'Registered');
    await choose('Requirement for', 'Buyer (development)');
    await choose('Credit type', 'Nitrogen');
    await choose('Local planning authority', 'Test Valley');
    expect(await screen.findByText('No credit requirements match these filters.')).toBeInTheDocument();
    expect(requests()).toContain(
      list('roundId=r1&status=Registered&type=Buyer&creditType=NutrientMitigationNitrogen&lpaId=l1'),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/requirements?roundId=r1&status=Registered&type=Buyer&creditType=NutrientMitigationNitrogen&lpaId=l1&sort=createdAt&order=desc&format=csv`,
    );
  });

  it('pages through the list', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, index) =>
      requirementRowOf({ id: `q${index}`, name: `Plot ${index}` }),
    );
    server.routes = {
      ...filterOptions,
      [list()]: { body: { ...listOf(many), total: 30 } },
      'GET /api/requirements?sort=createdAt&order=desc&page=2&pageSize=25': {
        body: {
          items: [requirementRowOf({ id: 'q99', name: 'Last plot' })],
          total: 30,
          page: 2,
          pageSize: 25,
        },
      },
    };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Last plot' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Plot 3' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 26–26 of 30')).toBeInTheDocument();
  });

  it('says when there are no requirements, and offers no create button the server did not list', async () => {
    server.routes = { ...filterOptions, [list()]: { body: listOf([]) } };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByText('There are no credit requirements yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add credit requirement' })).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded, and retries', async () => {
    const user = userEvent.setup();
    server.routes = {
      ...filterOptions,
      [list()]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    server.routes = { ...filterOptions, [list()]: { body: listOf([requirementRowOf({ id: 'q1' })]) } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Plot 4 nitrogen' })).toBeInTheDocument();
  });
});

describe("LPA's credit requirements list", () => {
  it('shows planning reference and redemption date, no round or LPA filter, no create and no CSV', async () => {
    server.routes = {
      [list()]: {
        body: listOf([requirementRowOf({ id: 'q1' })], {
          actions: [{ id: 'CreateRequirement', title: 'Add credit requirement', enabled: false }],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements', page: LpaRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: lpa,
    });
    const table = await screen.findByRole('table', { name: 'Credit requirements' });
    const row = (await within(table).findByRole('link', { name: 'Plot 4 nitrogen' })).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('24/0001/FUL');
    expect(row).toHaveTextContent('1 Jun 2027');
    expect(screen.queryByLabelText('Market round', { selector: 'input' })).not.toBeInTheDocument();
    expect(
      screen.queryByLabelText('Local planning authority', { selector: 'input' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add credit requirement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export XLSX' })).not.toBeInTheDocument();
    expect(requests()).not.toContain(ROUNDS);
  });
});
