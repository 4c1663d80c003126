import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { PublicRegistryPage } from '../registry/PublicRegistryPage.tsx';
import { areasOf, publicOf } from '../registry/testing/fixtures.ts';
import { PublicOpportunityPage } from './PublicOpportunityPage.tsx';
import { publicListingsOf, STATEMENT } from './testing/fixtures.ts';

const LIST = 'GET /api/public/opportunity-statements';
const R1 = 'GET /api/public/round/r1/opportunity';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes = {
    'GET /api/public/registry': { body: publicOf() },
    'GET /api/map/areas': { body: areasOf() },
    [LIST]: { body: publicListingsOf() },
    [R1]: { body: STATEMENT },
  };
});

const PAGES = [
  { path: '/public/registry', page: PublicRegistryPage },
  { path: '/public/round/:roundId/opportunity', page: PublicOpportunityPage },
];
const renderAt = (at: string) => renderPage(PAGES, { at, apiBase: server.origin, user: operator });
const listSection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Opportunity statements' })).closest(
    'section',
  ) as HTMLElement;

describe('public opportunity statements', () => {
  it('lists the public statements on the public registry, and opens one with its figures and CSV', async () => {
    renderAt('/public/registry');
    const section = await listSection();
    const table = await within(section).findByRole('table', { name: 'Opportunity statements' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Spring 2026Solent Market2 Mar 2026', 'Autumn 2025Test Valley Market20 Oct 2025']);
    // People see names and dates, never the round's id.
    expect(section.textContent).not.toContain('r1');
    const link = within(table).getByRole('link', { name: 'Spring 2026' });
    expect(link).toHaveAttribute('href', '/public/round/r1/opportunity');

    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opportunity statement: Spring 2026' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/public/round/r1/opportunity');
    const byType = screen.getByRole('table', { name: 'Supply, demand and fees by credit type' });
    expect(within(byType).getAllByRole('row')[1]).toHaveTextContent('Biodiversity10.2510.0011£100£75£17.07');
    const areas = screen.getByRole('table', { name: 'Supply and demand by area' });
    expect(within(areas).getAllByRole('row')[1]).toHaveTextContent('BiodiversityLPA: Test Valley10.2510.00');
    expect(screen.getByText(/^Published on 2 Mar 2026/)).toBeInTheDocument();
    expect(screen.getByText('Credit reserve: 15% of all demand, agreed with the EMB')).toBeInTheDocument();
    // The "Public" mark is for the round's signed-in readers; here everything is public.
    expect(screen.queryByText('Public', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/public/round/r1/opportunity?format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Back to the public registry' })).toHaveAttribute(
      'href',
      '/public/registry',
    );
    // Only the public routes were asked (the map's areas load once the map is drawn): nothing that needs a session.
    const paths = new Set(server.received.map((request) => request.path));
    for (const path of [
      '/api/public/opportunity-statements',
      '/api/public/registry',
      '/api/public/round/r1/opportunity',
    ])
      expect(paths.has(path), path).toBe(true);
    expect(
      [...paths].filter((path) => !path.startsWith('/api/public/') && path !== '/api/map/areas'),
    ).toEqual([]);
  });

  it('says when no statement is public, and when the list could not be loaded, with Retry', async () => {
    server.routes = { ...server.routes, [LIST]: { body: { statements: [] } } };
    const first = renderAt('/public/registry');
    const section = await listSection();
    expect(
      await within(section).findByText('No round has a public opportunity statement yet.'),
    ).toBeInTheDocument();
    first.unmount();

    server.routes = {
      ...server.routes,
      [LIST]: { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } },
    };
    renderAt('/public/registry');
    const failed = await listSection();
    const alert = await within(failed).findByRole('alert');
    expect(alert).toHaveTextContent('The opportunity statements could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    server.routes = { ...server.routes, [LIST]: { body: publicListingsOf() } };
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(failed).findByRole('link', { name: 'Spring 2026' })).toBeInTheDocument();
    // The rest of the public registry is there whatever the list answers.
    expect(screen.getByRole('table', { name: 'Sites' })).toBeInTheDocument();
  });

  it('answers "Page not found" for a round with no public statement', async () => {
    renderAt('/public/round/r9/opportunity');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByText('This round has no public opportunity statement.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the public registry' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found - Curlew');
  });

  it('says when the statement could not be loaded, with Retry', async () => {
    server.routes = {
      ...server.routes,
      [R1]: { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } },
    };
    renderAt('/public/round/r1/opportunity');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The opportunity statement could not be loaded');
    server.routes = { ...server.routes, [R1]: { body: STATEMENT } };
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('table', { name: 'Supply, demand and fees by credit type' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Opportunity statement Spring 2026 - Curlew');
  });
});
