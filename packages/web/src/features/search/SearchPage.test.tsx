import type { SearchAnswer } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { SearchPage } from './SearchPage.tsx';
import { markedParts } from './searchApi.ts';

const ADMIN = userWith(['admin'], { organisation: { id: 'org-1', name: 'Market Operator', type: 'OPER' } });

const ANSWER: SearchAnswer = {
  term: 'kestrel wharf',
  groups: [
    {
      kind: 'requirements',
      label: 'Credit requirements',
      total: 7,
      capped: false,
      page: 1,
      pageSize: 5,
      results: [
        {
          kind: 'requirements',
          id: 'q-1',
          title: {
            text: 'Kestrel Wharf homes',
            highlights: [
              [0, 7],
              [8, 13],
            ],
          },
          context: { text: 'Planning reference KW/25/0042 · Harbour Homes', highlights: [] },
        },
      ],
    },
    {
      kind: 'rounds',
      label: 'Market rounds',
      total: 1,
      capped: false,
      page: 1,
      pageSize: 5,
      results: [
        {
          kind: 'rounds',
          id: 'r-1',
          title: { text: 'Kestrel spring round', highlights: [[0, 7]] },
          context: { text: 'Solent market · Open', highlights: [] },
          marketId: 'm-1',
        },
      ],
    },
  ],
};

describe('SearchPage', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());
  const show = (at: string) =>
    renderPage(
      [
        { path: '/search', page: SearchPage },
        { path: '/search/:term', page: SearchPage },
      ],
      { at, apiBase: server.origin, user: ADMIN },
    );

  it('shows the term in its box, then each kind with its results linked and the matched words marked', async () => {
    server.routes = { 'GET /api/search/kestrel%20wharf': { body: ANSWER, delayMs: 50 } };
    show('/search/kestrel%20wharf');
    expect(screen.getByRole('textbox', { name: 'Search for' })).toHaveValue('kestrel wharf');
    expect(await screen.findByLabelText('Loading results')).toBeInTheDocument();
    const requirements = await screen.findByRole('region', { name: 'Credit requirements (7)' });
    const link = within(requirements).getByRole('link', { name: 'Kestrel Wharf homes' });
    expect(link).toHaveAttribute('href', '/credit-requirements/q-1');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Kestrel', 'Wharf']);
    expect(
      within(requirements).getByText('Planning reference KW/25/0042 · Harbour Homes'),
    ).toBeInTheDocument();
    expect(
      within(requirements).getByRole('link', { name: 'Show all 7 credit requirements' }),
    ).toHaveAttribute('href', '/search/kestrel%20wharf?kind=requirements');
    const rounds = screen.getByRole('region', { name: 'Market rounds (1)' });
    expect(within(rounds).getByRole('link', { name: 'Kestrel spring round' })).toHaveAttribute(
      'href',
      '/markets/m-1/round/r-1',
    );
    expect(within(rounds).queryByRole('link', { name: /Show all/ })).toBeNull();
  });

  it("shows the operator's Users group: each user linked to their organisation's page, with their details", async () => {
    const users: SearchAnswer = {
      term: 'marchb',
      groups: [
        {
          kind: 'users',
          label: 'Users',
          total: 6,
          capped: false,
          page: 1,
          pageSize: 5,
          results: [
            {
              kind: 'users',
              id: 'u-1',
              title: { text: 'Philippa Marchbanks', highlights: [[9, 15]] },
              context: {
                text: 'pmarchbanks · philippa.marchbanks@harbour.test · Eastleigh LPA (Local planning authority)',
                highlights: [
                  [1, 7],
                  [23, 29],
                ],
              },
              organisationId: 'o-2',
              organisationType: 'LPA',
            },
            {
              kind: 'users',
              id: 'u-2',
              title: { text: 'Sam Marchbanks', highlights: [[4, 10]] },
              context: { text: 'sam@marchbanks.test', highlights: [[4, 10]] },
            },
          ],
        },
      ],
    };
    server.routes = { 'GET /api/search/marchb': { body: users } };
    show('/search/marchb');
    const group = await screen.findByRole('region', { name: 'Users (6)' });
    // The mark cuts a word: jsdom names the link with a space at the cut, a browser does not.
    const link = within(group).getByRole('link', { name: /^Philippa March/ });
    expect(link).toHaveTextContent(/^Philippa Marchbanks$/);
    expect(link).toHaveAttribute('href', '/lpas/o-2');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Marchb']);
    const [philippa, sam] = within(group).getAllByRole('listitem');
    expect(philippa).toHaveTextContent(
      /^Philippa Marchbankspmarchbanks · philippa\.marchbanks@harbour\.test · Eastleigh LPA \(Local planning authority\)$/,
    );
    expect([...(philippa?.querySelectorAll('p mark') ?? [])].map((mark) => mark.textContent)).toEqual([
      'marchb',
      'marchb',
    ]);
    // A user of no organisation has no page to open: the name shows without a link.
    expect(
      within(group)
        .getAllByRole('link')
        .map((one) => one.getAttribute('href')),
    ).toEqual(['/lpas/o-2', '/search/marchb?kind=users']);
    expect(sam).toHaveTextContent(/^Sam Marchbankssam@marchbanks\.test$/);
    expect(within(group).getByRole('link', { name: 'Show all 6 users' })).toHaveAttribute(
      'href',
      '/search/marchb?kind=users',
    );
  });

  it('says when nothing matches', async () => {
    server.routes = { 'GET /api/search/zzqx': { body: { term: 'zzqx', groups: [] } } };
    show('/search/zzqx');
    expect(await screen.findByText('Nothing you can see matches “zzqx”.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a term and retries", async () => {
    server.routes = {
      'GET /api/search/k': {
        status: 400,
        body: { error: 'bad_request', message: 'Enter at least 2 characters to search for' },
      },
    };
    show('/search/k');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search could not be done');
    expect(alert).toHaveTextContent('Enter at least 2 characters to search for');
    server.routes = { 'GET /api/search/k': { body: { term: 'k', groups: [] } } };
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing you can see matches “k”.')).toBeInTheDocument();
  });

  it('asks for a term on /search and searches only when one was entered', async () => {
    server.routes = { 'GET /api/search/harbour': { body: { term: 'harbour', groups: [] } } };
    show('/search');
    expect(
      screen.getByText('Enter a name, a word or a planning reference to search for.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search for' }), '  harbour ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\/harbour$/);
    expect(await screen.findByText('Nothing you can see matches “harbour”.')).toBeInTheDocument();
  });

  it('pages through one kind', async () => {
    const page = (n: number): SearchAnswer => ({
      term: 'heron',
      groups: [
        {
          kind: 'projects',
          label: 'Projects',
          total: 23,
          capped: false,
          page: n,
          pageSize: 20,
          results: [
            {
              kind: 'projects',
              id: `p-${n}`,
              title: { text: `Heron ${n}`, highlights: [[0, 5]] },
              context: { text: '', highlights: [] },
            },
          ],
        },
      ],
    });
    server.routes = {
      'GET /api/search/heron?kind=projects&page=1': { body: page(1) },
      'GET /api/search/heron?kind=projects&page=2': { body: page(2) },
    };
    show('/search/heron?kind=projects');
    expect(await screen.findByRole('link', { name: 'Heron 1' })).toHaveAttribute('href', '/projects/p-1');
    expect(screen.getByRole('link', { name: 'Back to every kind of result' })).toHaveAttribute(
      'href',
      '/search/heron',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Heron 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/search/heron?kind=projects&page=2');
  });

  it('says "500+" past the cap, offers the first 500, and says on their pages why there are no more', async () => {
    const capped = (kind: string | undefined): SearchAnswer => ({
      term: 'harbour',
      groups: [
        {
          kind: 'projects',
          label: 'Projects',
          total: 500,
          capped: true,
          page: 1,
          pageSize: kind === undefined ? 5 : 20,
          results: [
            {
              kind: 'projects',
              id: 'p-1',
              title: { text: 'Harbour restoration 1', highlights: [[0, 7]] },
              context: { text: '', highlights: [] },
            },
          ],
        },
      ],
    });
    server.routes = {
      'GET /api/search/harbour': { body: capped(undefined) },
      'GET /api/search/harbour?kind=projects&page=1': { body: capped('projects') },
    };
    show('/search/harbour');
    const group = await screen.findByRole('region', { name: 'Projects (500+)' });
    expect(within(group).queryByText(/More than 500 match/)).toBeNull();
    await userEvent.click(within(group).getByRole('link', { name: 'Show the first 500 projects' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search/harbour?kind=projects');
    // Twenty a page: the last page is the 25th.
    expect(await screen.findByRole('button', { name: 'Page 25' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 26' })).toBeNull();
    const paged = screen.getByRole('region', { name: 'Projects (500+)' });
    expect(
      within(paged).getByText(
        'More than 500 match: these are the first 500 found, best first. Add words to narrow the search.',
      ),
    ).toBeInTheDocument();
  });

  it('cuts a marked text into parts, ignoring ranges outside it', () => {
    expect(
      markedParts({
        text: 'Meadow farm',
        highlights: [
          [0, 6],
          [20, 30],
        ],
      }),
    ).toEqual([
      { text: 'Meadow', matched: true },
      { text: ' farm', matched: false },
    ]);
  });
});
